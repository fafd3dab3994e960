"""A score page whose best routes are searched in the background: its progress page, status and retry.

The page answers at once (202) with a progress bar that `route-progress.js` updates from the job's JSON
status (no inline script: the status URL is a data attribute) and reloads into the score sheet when the
job is done; without JavaScript the page refreshes itself every few seconds.
"""

from __future__ import annotations

import click
from flask import Blueprint, abort, current_app, flash, jsonify, redirect, render_template, url_for
from flask_wtf import FlaskForm

from ...core.i18n import _
from ..tables import store as db
from . import jobs as route_jobs

bp = Blueprint("routes", __name__, url_prefix="/tables", cli_group="enroute")


def searching_page(table: dict, board, job: route_jobs.RouteJob):
    """Answer the progress page of a table's route search (202: the score sheet is on its way)."""
    route_jobs.ensure_workers(current_app._get_current_object())
    status = route_jobs.describe(job)
    return render_template("enroute/tables/score_searching.html", table=table, board=board, job=job, status=status,
                           form=FlaskForm(),
                           status_url=url_for("enroute.routes.status", token=table["id"], job=job.id),
                           retry_url=url_for("enroute.routes.retry", token=table["id"], job=job.id)), 202


def _job(token: str, job: str) -> route_jobs.RouteJob:
    """Load a job of this table or answer 404."""
    found = route_jobs.get_job(job)
    if found is None or found.table_id != token or db.get_table(token) is None:
        abort(404, description=_("This table does not exist. Check the link."))
    return found


@bp.get("/<token>/score/jobs/<job>.json")
def status(token: str, job: str):
    """The route search's state and progress, for the progress page (any app server answers it)."""
    found = _job(token, job)
    if found.state != route_jobs.DONE:
        route_jobs.ensure_workers(current_app._get_current_object())  # a restarted server picks the job up
    response = jsonify(route_jobs.describe(found))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/<token>/score/jobs/<job>/retry")
def retry(token: str, job: str):
    """Search again after a failed search."""
    _job(token, job)
    if not FlaskForm().validate_on_submit():
        flash(_("The form expired or came from elsewhere; nothing was lost, please send it again."), "error")
    elif route_jobs.retry(job):
        flash(_("Searching the best routes again."), "ok")
    return redirect(url_for("enroute.tables.score", token=token))


@bp.cli.command("route-worker")
@click.option("--threads", default=1, show_default=True, help="solver threads in this process")
@click.option("--until-idle", is_flag=True, help="stop when no job is waiting (e.g. from cron)")
def route_worker(threads: int, until_idle: bool) -> None:
    """Search the best routes of queued score pages (run beside app servers started with ROUTE_WORKERS=0)."""
    import threading

    app = current_app._get_current_object()
    stop, wake = threading.Event(), threading.Event()
    idle = 0.0 if until_idle else None
    workers = [threading.Thread(target=route_jobs.loop, args=(app, stop, wake, idle), daemon=True)
               for _ in range(max(1, threads))]
    for w in workers:
        w.start()
    click.echo(f"Searching queued routes with {len(workers)} thread(s); Ctrl+C stops.")
    try:
        for w in workers:
            w.join()
    except KeyboardInterrupt:
        stop.set()
        wake.set()
