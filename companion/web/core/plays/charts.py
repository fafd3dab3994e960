"""Charts drawn on the server as SVG text (no script, no library): readable at 390 px wide, in either language.

Each function takes numbers and already translated labels and returns a complete `<svg>` element whose
`viewBox` is 360 wide (it scales with the page); every text is escaped. A chart always carries a `<title>`
and a `<desc>` listing its values, so a screen reader reads the same numbers the eye sees.
"""

from __future__ import annotations

from html import escape

WIDTH = 360
MAX_POINTS = 60  # more points than this cannot be told apart at 390 px: consecutive plays are averaged


def thin(points: list[tuple[str, float]], most: int = MAX_POINTS) -> list[tuple[str, float]]:
    """At most `most` points: consecutive points averaged in equal runs, each labelled with its first and
    last label ("2026-01-01–2026-02-03"); fewer points come back as they are."""
    if len(points) <= most:
        return points
    out = []
    for i in range(most):
        run = points[i * len(points) // most:(i + 1) * len(points) // most]
        label = run[0][0] if len(run) == 1 else f"{run[0][0]}–{run[-1][0]}"
        out.append((label, round(sum(v for _, v in run) / len(run), 1)))
    return out


def _fmt(value: float) -> str:
    """A number as a chart shows it: whole numbers without decimals, others with one."""
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def line_chart(points: list[tuple[str, float]], title: str) -> str:
    """Score over time: one point per play (label, value), joined by a line, the axis from 0 to the maximum
    (more than `MAX_POINTS` plays: averaged runs, see `thin`)."""
    points = thin(points)
    height, left, right, top, bottom = 180, 34, 10, 14, 26
    desc = ", ".join(f"{label}: {_fmt(v)}" for label, v in points)
    head = (f'<svg class="chart" viewBox="0 0 {WIDTH} {height}" role="img" xmlns="http://www.w3.org/2000/svg">'
            f"<title>{escape(title)}</title><desc>{escape(desc)}</desc>")
    if not points:
        return head + "</svg>"
    top_value = max(max(v for _, v in points), 1)
    span_x = WIDTH - left - right
    span_y = height - top - bottom
    step = span_x / max(len(points) - 1, 1)

    def xy(i: int, v: float) -> tuple[float, float]:
        return left + (i * step if len(points) > 1 else span_x / 2), top + span_y * (1 - max(v, 0) / top_value)

    parts = [head,
             f'<line x1="{left}" y1="{top + span_y}" x2="{WIDTH - right}" y2="{top + span_y}" class="axis"/>',
             f'<text x="{left - 4}" y="{top + 4}" text-anchor="end" class="tick">{_fmt(top_value)}</text>',
             f'<text x="{left - 4}" y="{top + span_y}" text-anchor="end" class="tick">0</text>']
    coords = [xy(i, v) for i, (_, v) in enumerate(points)]
    if len(coords) > 1:
        parts.append('<polyline class="series" fill="none" points="'
                     + " ".join(f"{x:.1f},{y:.1f}" for x, y in coords) + '"/>')
    for (x, y), (label, v) in zip(coords, points):
        parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" class="dot"><title>{escape(label)}: '
                     f"{_fmt(v)}</title></circle>")
    first, last = points[0][0], points[-1][0]
    parts.append(f'<text x="{left}" y="{height - 6}" class="tick">{escape(first)}</text>')
    if len(points) > 1:
        parts.append(f'<text x="{WIDTH - right}" y="{height - 6}" text-anchor="end" class="tick">{escape(last)}</text>')
    return "".join(parts) + "</svg>"


def bar_chart(bars: list[tuple[str, float]], title: str) -> str:
    """Per-row bars: one horizontal bar per (label, value), the label above its bar, the value at its end."""
    row_h, top = 34, 6
    height = top + row_h * len(bars) + 6
    desc = ", ".join(f"{label}: {_fmt(v)}" for label, v in bars)
    parts = [f'<svg class="chart" viewBox="0 0 {WIDTH} {height}" role="img" xmlns="http://www.w3.org/2000/svg">'
             f"<title>{escape(title)}</title><desc>{escape(desc)}</desc>"]
    most = max([abs(v) for _, v in bars] + [1])
    span = WIDTH - 50
    for i, (label, v) in enumerate(bars):
        y = top + i * row_h
        w = span * abs(v) / most
        parts.append(f'<text x="0" y="{y + 11}" class="label">{escape(label)}</text>')
        parts.append(f'<rect x="0" y="{y + 15}" width="{w:.1f}" height="12" rx="2" '
                     f'class="bar{" negative" if v < 0 else ""}"/>')
        parts.append(f'<text x="{w + 4:.1f}" y="{y + 25}" class="value">{_fmt(v)}</text>')
    return "".join(parts) + "</svg>"
