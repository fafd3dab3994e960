"""Page weight: every page a table meets, its bytes transferred and its time to first render on a phone.

Run from the repository root: `python bench/page_weight.py [--against DIR] [--out FILE]`. It walks the same
pages as the tests (tests/core/page_walk.py: the pages without an id, every shipped board and tile, and a
table of each game with its seats) on a fresh database, and for each page reports:

- the HTML's size raw, gzip and Brotli as the app sends it (`Accept-Encoding`), and the page's total transfer
  in headless Chromium at 390×844 (the document, its scripts, styles and images, as the network reports them);
- first contentful paint (from the browser's paint timing) and DOMContentLoaded, median of `--runs` loads.

With `--against DIR` (a checkout of the code before a change, e.g. `git worktree add ../before <commit>`), the
same walk runs on it first, and the table shows both with the ratio. Writes a Markdown table to `--out`
(default: print). The walk's page list always comes from this checkout's tests/core/page_walk.py.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

WALK = r'''
import json, sys, tempfile, threading, pathlib, statistics
sys.path[:0] = [ROOT + "/tests/core", ROOT + "/tests", "."]
from werkzeug.serving import make_server
from companion.web.core.app import create_app
from page_walk import every_url, html_pages
folder = pathlib.Path(tempfile.mkdtemp())
app = create_app({"TESTING": True, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False, "RATELIMIT_ENABLED": False,
                  "ROUTE_WORKERS": 0, "DATABASE": str(folder / "b.sqlite"), "BOARD_LIBRARY": str(folder / "b")})
client = app.test_client()
pages = html_pages(client, every_url(app, client))
httpd = make_server("127.0.0.1", 0, app, threaded=True)
threading.Thread(target=httpd.serve_forever, daemon=True).start()
base = f"http://127.0.0.1:{httpd.server_port}"
from playwright.sync_api import sync_playwright
rows = []
with sync_playwright() as p:
    browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu",
                                "--disable-background-networking"])
    for url in pages:
        sizes = {enc: len(client.get(url, headers={"Accept-Encoding": enc} if enc else {}).data)
                 for enc in ("", "gzip", "br")}
        fcp, dcl, transfer = [], [], 0
        for run in range(RUNS):
            context = browser.new_context(viewport={"width": 390, "height": 844})
            page = context.new_page()
            page.goto(base + url)
            page.wait_for_load_state("load", timeout=15000)
            timing = page.evaluate("""() => {
                const paint = performance.getEntriesByName('first-contentful-paint')[0];
                const nav = performance.getEntriesByType('navigation')[0];
                const bytes = performance.getEntriesByType('resource').reduce((n, r) => n + r.transferSize, 0)
                              + nav.transferSize;
                return {fcp: paint ? paint.startTime : null, dcl: nav.domContentLoadedEventEnd, bytes};
            }""")
            if timing["fcp"] is not None:
                fcp.append(timing["fcp"])
            dcl.append(timing["dcl"])
            transfer = timing["bytes"]
            context.close()
        rows.append({"url": url, "raw": sizes[""], "gzip": sizes["gzip"], "br": sizes["br"], "transfer": transfer,
                     "fcp": statistics.median(fcp) if fcp else None, "dcl": statistics.median(dcl)})
    browser.close()
print(json.dumps(rows))
'''


def walk(checkout: Path, runs: int) -> list[dict]:
    """Run the walk in `checkout` with its own code; return one row per page."""
    code = WALK.replace("RUNS", str(runs)).replace("ROOT + ", repr(str(ROOT)) + " + ")
    done = subprocess.run([sys.executable, "-c", code], cwd=checkout,
                          capture_output=True, text=True, timeout=1800)
    if done.returncode != 0:
        raise SystemExit(done.stderr[-3000:])
    return json.loads(done.stdout.strip().splitlines()[-1])


def _shape(url: str) -> str:
    """A page's URL with its table, seat and token ids folded, so two walks' pages line up."""
    import re

    return re.sub(r"/[A-Za-z0-9_-]{16,}", "/…", url)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", type=Path, help="a checkout of the code before a change, measured first")
    parser.add_argument("--runs", type=int, default=3, help="loads per page for the render times (median)")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    before = {_shape(r["url"]): r for r in walk(args.against, args.runs)} if args.against else {}
    after = walk(ROOT, args.runs)
    lines = ["| page | HTML raw | gzip | Brotli | transfer (Chromium) | first paint ms | DOM ready ms |"
             + (" gzip before | ratio |" if before else ""),
             "|---|---|---|---|---|---|---|" + ("---|---|" if before else "")]
    for row in after:
        fcp = f"{row['fcp']:.0f}" if row["fcp"] is not None else "–"
        line = (f"| {_shape(row['url'])} | {row['raw']:,} | {row['gzip']:,} | {row['br']:,} | {row['transfer']:,} "
                f"| {fcp} | {row['dcl']:.0f} |")
        old = before.get(_shape(row["url"]))
        if before:
            line += f" {old['gzip']:,} | {row['gzip'] / old['gzip']:.2f} |" if old else " – | – |"
        lines.append(line)
    heaviest = max(after, key=lambda r: r["gzip"])
    lines.append("")
    lines.append(f"{len(after)} pages; heaviest gzip {heaviest['gzip']:,} B ({_shape(heaviest['url'])}); "
                 f"median first paint {statistics.median(r['fcp'] for r in after if r['fcp'] is not None):.0f} ms.")
    text = "\n".join(lines) + "\n"
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    tempfile.tempdir = tempfile.gettempdir()
    main()
