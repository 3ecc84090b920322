"""The Ray backend: the same games as the local pool, as Ray tasks (optional ``ray`` extra).

Each game is one task running ``play_index(plan, i)``, so results are identical to the local
backend for the same plan. ``address`` joins an existing cluster (``"auto"`` or
``"ray://host:10001"``); without it a local Ray instance is started with ``workers`` CPUs.
"""

from __future__ import annotations

from collections.abc import Callable

from mezquita.engine import MezquitaError

from .plan import Plan, play_index
from .tournament import GameResult


def play_ray(plan: Plan, indices: list[int], workers: int,
             on_result: Callable[[GameResult], None], address: str | None = None) -> None:
    """Play the games ``indices`` of ``plan`` as Ray tasks; ``on_result`` as each finishes."""
    try:
        import ray
    except ImportError as err:
        raise MezquitaError("the Ray backend needs the ray extra: pip install 'mezquita[ray]'"
                            ) from err
    started = not ray.is_initialized()
    if started:
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False)
    try:
        task = ray.remote(num_cpus=1)(play_index)
        plan_ref = ray.put(plan)
        pending = [task.remote(plan_ref, i) for i in indices]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                on_result(ray.get(ref))
    finally:
        if started:
            ray.shutdown()
