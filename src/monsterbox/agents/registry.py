"""Agent names on the command line: ``random``, ``heuristic`` (the game's own bot), ``ismcts``, with parameters
after colons (``ismcts:iterations=2000:rollout=heuristic``), or a level (``easy``, ``medium``, ``hard``,
``expert``: see ``levels``). ``--agents`` takes one name per seat, comma-separated, or one name for all seats."""

from __future__ import annotations

import functools
import importlib
import inspect
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from monsterbox.agents.base import Agent
from monsterbox.agents.levels import LEVEL_NAMES, level_spec
from monsterbox.agents.policy import PolicyAgent
from monsterbox.agents.random_agent import RandomAgent
from monsterbox.core.errors import InvalidOptions, Phrase
from monsterbox.core.registry import game_part, has_part, implemented_games

#: agent kinds defined in a layer above this one: name -> the module that registers it (``register_agent``) when
#: imported, looked up by name at first use (``policy``, a trained model: ``monsterbox.rl.learned``, which needs torch;
#: ``learned``, the learned baseline evaluated with numpy: ``monsterbox.rl.qnet``)
PROVIDED_ELSEWHERE = {"policy": "monsterbox.rl.learned", "learned": "monsterbox.rl.qnet"}

AGENT_NAMES = ("random", "heuristic", "ismcts", *PROVIDED_ELSEWHERE, *LEVEL_NAMES)


def _is_level(name: str) -> bool:
    """A level resolved to its spec (``learned`` is a level too, but its own kind: ``learned:path=...``)."""
    return name in LEVEL_NAMES and name not in PROVIDED_ELSEWHERE


@dataclass(frozen=True)
class AgentKind:
    """An agent kind registered from another layer: ``build(game_id, seed, **params)`` makes one; ``signature`` is
    the callable whose keyword parameters (less ``skip``) are the kind's parameters, checked by ``check_params``."""

    build: Callable[..., Agent]
    signature: Callable[..., Any]
    skip: tuple[str, ...] = ("seed",)


_KINDS: dict[str, AgentKind] = {}


def register_agent(name: str, build: Callable[..., Agent], signature: Callable[..., Any] | None = None,
                   skip: tuple[str, ...] = ("seed",)) -> None:
    """Register an agent kind named ``name`` (``name:k=v`` on the command line): how the RL layer adds ``policy``
    without this module importing it."""
    _KINDS[name] = AgentKind(build, signature or build, skip)


def _kind(name: str) -> AgentKind | None:
    if name not in _KINDS and name in PROVIDED_ELSEWHERE:
        importlib.import_module(PROVIDED_ELSEWHERE[name])  # registers it
    return _KINDS.get(name)


def _heuristic(game_id: str) -> Any:
    """The game's heuristic policy class (its registered ``heuristic`` part)."""
    if game_id not in implemented_games() or not has_part(game_id, "heuristic"):
        raise InvalidOptions("there is no heuristic bot for game {game} yet", game=repr(game_id))
    return game_part(game_id, "heuristic")


def _parse_value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return text


def parse_agent_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"name:k=v:k=v"`` -> ``("name", {"k": v})``; a clear error for a malformed spec."""
    if not isinstance(spec, str) or not spec.strip():
        raise InvalidOptions("an agent name is needed, one of {agents}; got {spec}", agents=", ".join(AGENT_NAMES),
                             spec=repr(spec))
    name, *parts = spec.strip().split(":")
    params: dict[str, Any] = {}
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep or not key:
            raise InvalidOptions("agent parameter {part} in {spec} must look like key=value", part=repr(part),
                                 spec=repr(spec))
        params[key] = _parse_value(value)
    return name, params


def _describe_param(p: inspect.Parameter) -> Phrase:
    """"iterations (integer, default 200)", its words in the player's language."""
    kind = {bool: Phrase("true/false"), int: Phrase("integer"), float: Phrase("number"),
            str: Phrase("text")}.get(type(p.default), Phrase("value"))
    return Phrase("{name} ({kind}, default {default})", name=p.name, kind=kind, default=p.default)


def _listing(phrases: list[Phrase]) -> Phrase:
    """Phrases joined by "; " (each translated on its own); "none" for none."""
    if not phrases:
        return Phrase("none")
    return Phrase("; ".join(f"{{p{i}}}" for i in range(len(phrases))), **{f"p{i}": p for i, p in enumerate(phrases)})


def check_params(target: Any, params: dict[str, Any], spec: str, skip: tuple[str, ...] = ("seed",)) -> None:
    """Each parameter of ``spec`` must be one ``target``'s constructor takes, of the type of its default (numbers
    finite); else InvalidOptions naming the agent's parameters."""
    sig = inspect.signature(target)
    allowed = {k: p for k, p in sig.parameters.items() if k not in skip and p.default is not inspect.Parameter.empty}
    listing = _listing([_describe_param(p) for p in allowed.values()])
    name = spec.split(":")[0]
    for key, value in params.items():
        if key not in allowed:
            raise InvalidOptions("agent {name} has no parameter {key}; its parameters: {listing}", name=repr(name),
                                 key=repr(key), listing=listing)
        default = allowed[key].default
        if isinstance(default, bool):
            ok = isinstance(value, bool)
        elif isinstance(default, int):
            ok = isinstance(value, int) and not isinstance(value, bool)
        elif isinstance(default, float):
            ok = isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)
        else:
            ok = isinstance(value, type(default))
        if not ok:
            kind = {bool: Phrase("true or false"), int: Phrase("an integer"), float: Phrase("a finite number"),
                    str: Phrase("a text")}.get(type(default), Phrase("a value"))
            raise InvalidOptions("agent {name}: parameter {key} must be {kind} (default {default}), got {value}",
                                 name=repr(name), key=repr(key), kind=kind, default=default, value=repr(value))


@functools.lru_cache(maxsize=1024)
def check_agent_spec(spec: str, game_id: str) -> None:
    """Check an agent spec fully (name, parameters and their values) without building the agent. A spec found good
    is remembered (the server builds a bot's agent for every move it plays: checking its spec again each time, the
    constructor's signature read and its parameters described, was about 5% of the server's CPU with bots at the
    tables, benchmarks/server.py --workload mixed); a bad one raises every time (exceptions are not cached)."""
    name, params = parse_agent_spec(spec)
    if _is_level(name):
        check_agent_spec(level_spec(name, game_id, params), game_id)
    elif name == "random":
        if params:
            raise InvalidOptions("agent 'random' takes no parameters, got {params}", params=", ".join(params))
    elif name == "heuristic":
        policy_cls = _heuristic(game_id)
        noise = params.get("noise", 0.0)
        if isinstance(noise, bool) or not isinstance(noise, int | float) or not 0 <= noise <= 1:
            raise InvalidOptions("heuristic noise must be a number from 0 to 1, got {value}", value=repr(noise))
        check_params(policy_cls, {k: v for k, v in params.items() if k != "noise"}, spec)
    elif name == "ismcts":
        from monsterbox.agents.ismcts import ISMCTSAgent

        check_params(ISMCTSAgent, params, spec)
    elif (kind := _kind(name)) is not None:
        check_params(kind.signature, params, spec, skip=kind.skip)
    else:
        raise InvalidOptions("unknown agent {name}; known agents: {agents}", name=repr(name),
                         agents=", ".join(AGENT_NAMES))


def make_agent(spec: str, game_id: str, seed: int = 0) -> Agent:
    """Build the agent named by ``spec`` for ``game_id``, seeded."""
    name, params = parse_agent_spec(spec)
    if _is_level(name):
        return make_agent(level_spec(name, game_id, params), game_id, seed)
    check_agent_spec(spec, game_id)
    if name == "random":
        if params:
            raise InvalidOptions("agent 'random' takes no parameters, got {params}", params=", ".join(params))
        return RandomAgent(seed)
    if name == "heuristic":
        policy_cls = _heuristic(game_id)
        try:
            agent: Agent = PolicyAgent(policy_cls, seed=seed, **params)
        except TypeError as exc:
            raise InvalidOptions("bad parameters for agent {spec}: {error}", spec=repr(spec), error=str(exc)) from None
        return agent
    if name == "ismcts":
        from monsterbox.agents.ismcts import ISMCTSAgent

        try:
            return ISMCTSAgent(seed=seed, **params)
        except TypeError as exc:
            raise InvalidOptions("bad parameters for agent {spec}: {error} (ismcts takes iterations, rollout, c, "
                                 "time, depth, order, workers)", spec=repr(spec), error=str(exc)) from None
    kind = _kind(name)
    if kind is not None:
        try:
            return kind.build(game_id, seed=seed, **params)
        except TypeError as exc:
            raise InvalidOptions("bad parameters for agent {spec}: {error}", spec=repr(spec), error=str(exc)) from None
    raise InvalidOptions("unknown agent {name}; known agents: {agents}", name=repr(name),
                         agents=", ".join(AGENT_NAMES))


def parse_agents(text: str, players: int, game_id: str | None = None) -> list[str]:
    """``--agents``: one name for all seats or one per seat, comma-separated (each fully checked for
    ``game_id`` when given)."""
    specs = [s.strip() for s in text.split(",")]
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise InvalidOptions("--agents needs 1 or {players} comma-separated names, got {count}: {text}",
                             players=players, count=len(specs), text=repr(text))
    for s in specs:
        if game_id is None:
            parse_agent_spec(s)
        else:
            check_agent_spec(s, game_id)
    return specs
