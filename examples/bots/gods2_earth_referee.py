"""A referee bot for The Gods II, Earth in Era Centrum: it runs the automatic events of each century over the
public HTTP API, while the gods intervene through their own seats at the Window on the World.

    python examples/bots/gods2_earth_referee.py --api http://127.0.0.1:8000 --token pnt_... --game GAME_ID \\
        --centuries 3 --activity-seconds 600 --patience-seconds 60

It holds the GM token or a `co_gm` seat's token (the referees are the game's GMs) and reads `/state`, `/events`
and the game's settings from its first event. One command at a time, in this order of priority:

1. no century running: `StartCentury` (growth, placement, starvation, aggressive attacks: [000:228-251]);
2. wars declared but not yet in the century's order: `OrderWars` (the gods' wars first, the rest at random);
3. a side that stands to lose more than 15% of its population tries `AttemptDiplomacy`, once ([000:266]);
4. the Window: call the next number (`CallTicket`) when nobody is being served; a called god who has not cast
   within the patience loses the turn (`CallTicket` with `skip_current`, [003:191]);
5. the next war in the order, once its delay is over (`war_delay_minutes` rule-minutes after its declaration,
   [000:261]): `ResolveWar`;
6. when the Activity phase has lasted `--activity-seconds`: the wars still waiting are fought at once, numbers
   are no longer called, and `CloseActivityPhase` ([000:204]); then `EndCentury` (turmoil, worship mana).

Safe retries: every command carries `If-Match` (the version it was decided on) and an `Idempotency-Key` derived
from (game, seat, turn, purpose, that version); the purpose names the century and the subject (`c2-start`,
`c2-war-3-resolve`, `c2-call-5`). A timeout or a dropped connection resends the very same request, which the
server answers from its record without appending twice; a 409 `command.version_conflict` appended nothing, so
the bot re-reads the state and decides afresh. The bot remembers what it already did from the event history
(diplomacy attempts), so a restarted bot does not roll twice.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx

try:
    from examples.bots.wire import bearer, read, send_command
except ImportError:  # run as a script: python examples/bots/<bot>.py
    from wire import bearer, read, send_command  # type: ignore[no-redef]

RETRIES = 5
WAIT_CODES = frozenset({"gods2.war_too_soon"})  # refused for now, not for ever: try again later


@dataclass(frozen=True)
class Policy:
    """How the referee paces a century: `centuries` to run (a century already running counts as the first);
    how long each Activity phase stays open; how long a called number may keep the Window waiting."""

    centuries: int = 1
    activity_seconds: float = 600.0
    patience_seconds: float = 60.0
    diplomacy: bool = True


@dataclass(frozen=True)
class Timing:
    """The game's own clock settings (`war_delay_minutes` rule-minutes of `minute_seconds` each)."""

    war_delay_minutes: int = 5
    minute_seconds: int = 60

    @property
    def war_delay(self) -> timedelta:
        return timedelta(seconds=self.war_delay_minutes * self.minute_seconds)


@dataclass(frozen=True)
class Action:
    purpose: str
    body: dict[str, Any]


@dataclass
class Seen:
    earth: dict[str, Any]
    version: int
    turn: int
    running: bool


# --- deciding: a pure function of what the referee sees and how long things have waited ---------------------


def decide(
    seen: Seen,
    policy: Policy,
    timing: Timing,
    waited: Callable[[str], float],
    done: set[str],
    last_century: int,
    now: datetime,
) -> Action | None:
    """The next automatic event of the century, or None while there is nothing to do yet."""
    earth = seen.earth
    c = earth["century"]
    match earth["stage"]:
        case "before":
            if c + 1 > last_century:
                return None
            return Action(f"c{c + 1}-start", {"type": "StartCentury"})
        case "calculation":
            return Action(f"c{c}-end", {"type": "EndCentury"})
    time_up = waited(f"c{c}-activity") >= policy.activity_seconds
    waiting = [
        w for w in earth["wars"] if not w["fought"] and not w["averted"] and f"c{c}-{w['id']}-resolve" not in done
    ]
    if any(w["id"] not in earth["war_order"] for w in waiting):
        return Action(f"c{c}-order-wars-{len(earth['wars'])}", {"type": "OrderWars"})
    by_id = {w["id"]: w for w in waiting}
    ordered = [by_id[w] for w in earth["war_order"] if w in by_id]
    if policy.diplomacy:
        for war in ordered:
            for side in ("attacker", "defender"):
                purpose = f"c{c}-{war['id']}-diplomacy-{side}"
                if war[f"{side}_should_parley"] and purpose not in done:
                    return Action(purpose, {"type": "AttemptDiplomacy", "war": war["id"], "side": side})
    if not time_up:
        call = _window(earth, policy, waited)
        if call is not None:
            return call
    if ordered:
        war = ordered[0]
        purpose = f"c{c}-{war['id']}-resolve"
        if time_up:
            reason = "the century is ending: fought at once [000:261]"
            return Action(purpose, {"type": "ResolveWar", "war": war["id"], "at_once": True, "reason": reason})
        declared = war.get("declared_at")
        if declared is None or datetime.fromisoformat(declared) + timing.war_delay <= now:
            return Action(purpose, {"type": "ResolveWar", "war": war["id"]})
        return None
    if time_up:
        return Action(f"c{c}-close", {"type": "CloseActivityPhase"})
    return None


def _window(earth: dict[str, Any], policy: Policy, waited: Callable[[str], float]) -> Action | None:
    """[003:189-191] call the lowest waiting number; skip a called god who does not come forward."""
    c, serving = earth["century"], earth["serving"]
    if serving is not None:
        if waited(f"serving-{serving}") >= policy.patience_seconds:
            return Action(f"c{c}-skip-{serving}", {"type": "CallTicket", "skip_current": True})
        return None
    numbers = sorted(earth["queue"])
    if numbers:
        return Action(f"c{c}-call-{numbers[0]}", {"type": "CallTicket"})
    return None


# --- acting: HTTP with safe retries -------------------------------------------------------------------------


def idempotency_key(game: str, seat: str, turn: int, purpose: str, version: int) -> str:
    return f"{game}:{seat}:t{turn}:{purpose}@v{version}"


@dataclass
class RefereeBot:
    client: httpx.AsyncClient
    token: str
    game_id: str
    policy: Policy = field(default_factory=Policy)
    say: Callable[[str], None] = print
    clock: Callable[[], float] = time.monotonic
    seat: str | None = None
    timing: Timing | None = None
    last_century: int | None = None
    done: set[str] = field(default_factory=set)  # purposes accepted, refused, or seen in the history
    after: int = 0  # the last event version read
    century_read: int = 0  # the century of the last CenturyStarted read
    finished: bool = False  # the last century this bot was asked to run has ended
    first_seen: dict[str, float] = field(default_factory=dict)  # label -> when the bot first saw it

    @property
    def headers(self) -> dict[str, str]:
        return bearer(self.token)

    async def _get(self, path: str, **params: Any) -> Any:
        return await read(self.client, self.game_id, self.token, path, self.say, **params)

    async def _setup(self) -> None:
        if self.seat is None:
            you = (await self._get(""))["you"]
            self.seat = you.get("seat_id") or "gm"
            if you["role"] not in ("gm", "co_gm", "admin"):
                raise SystemExit(f"this token's role is {you['role']!r}: the referee needs the GM's or a co-GM's")
        if self.timing is None:
            first = (await self._get("/events", after=0, limit=1))["events"]
            settings = first[0]["data"].get("settings") or {} if first else {}
            self.timing = Timing(
                war_delay_minutes=settings.get("war_delay_minutes", 5),
                minute_seconds=settings.get("minute_seconds", 60),
            )

    async def look(self) -> Seen:
        await self._setup()
        await self.news()
        state = await self._get("/state")
        earth = state["view"].get("earth")
        if earth is None:
            raise SystemExit("this game has no Earth map (the scenario's `earth` section)")
        seen = Seen(
            earth=earth,
            version=state["version"],
            turn=state["game"]["turn"],
            running=state["game"]["status"] == "running",
        )
        if self.last_century is None:
            first = earth["century"] + (1 if earth["stage"] == "before" else 0)
            self.last_century = first + self.policy.centuries - 1
        if earth["stage"] == "activity":
            self._mark(f"c{earth['century']}-activity")
        if earth["serving"] is not None:
            self._mark(f"serving-{earth['serving']}")
        return seen

    def _mark(self, label: str) -> None:
        self.first_seen.setdefault(label, self.clock())

    def waited(self, label: str) -> float:
        return self.clock() - self.first_seen.get(label, self.clock())

    async def news(self) -> None:
        """Read the history since the last call: what was done already (by this bot or another referee)."""
        while True:
            page = await self._get("/events", after=self.after, limit=1000)
            self.after = page["next_after"]
            for event in page["events"]:
                data = event["data"]
                if event["type"] == "DiplomacyAttempted":
                    self.done.add(f"c{self.century_read}-{data['war']}-diplomacy-{data['side']}")
                elif event["type"] == "CenturyStarted":
                    self.century_read = data["century"]
            if not page["more"]:
                return

    async def send(self, action: Action, seen: Seen) -> httpx.Response | None:
        """Send once, resending the identical request after a transport failure; None on a version conflict."""
        key = idempotency_key(self.game_id, self.seat or "gm", seen.turn, action.purpose, seen.version)
        return await send_command(
            self.client,
            self.game_id,
            self.headers,
            action.body,
            key=key,
            version=seen.version,
            label=f"[referee] {action.purpose}",
            say=self.say,
        )

    async def step(self) -> bool:
        """Read, decide and send at most one command. False when there is nothing to do now."""
        for _ in range(RETRIES):
            seen = await self.look()
            if not seen.running:
                if "waiting" not in self.done:
                    self.done.add("waiting")
                    self.say("[referee] the game is not running; waiting for the GM to start it")
                return False
            assert self.timing is not None and self.last_century is not None
            earth = seen.earth
            self.finished = earth["stage"] == "before" and earth["century"] >= self.last_century
            now = datetime.now(UTC)
            action = decide(seen, self.policy, self.timing, self.waited, self.done, self.last_century, now)
            if action is None or action.purpose in self.done:
                return False
            response = await self.send(action, seen)
            if response is None:
                self.say(f"[referee] {action.purpose}: the game moved on; re-reading")
                continue
            self._record(action, response)
            return response.status_code == 200
        return False

    def _record(self, action: Action, response: httpx.Response) -> None:
        body = response.json()
        if response.status_code == 200:
            self.done.add(action.purpose)
            self.say(f"[referee] {action.body['type']} ({action.purpose}) -> v{body['version']}: {_summary(body)}")
            return
        code = body.get("code")
        self.say(f"[referee] {action.body['type']} ({action.purpose}) refused: {code}: {body.get('detail', '')}")
        if code not in WAIT_CODES:
            self.done.add(action.purpose)  # the rules will not change their mind: do not ask again

    async def run(self, poll: float = 1.0) -> None:
        """Run until the last century asked for has ended."""
        while True:
            acted = await self.step()
            if self.finished:
                self.say(f"[referee] century {self.last_century} has ended; done")
                return
            if not acted:
                await asyncio.sleep(poll)


def _summary(body: dict[str, Any]) -> str:
    """The events a command appended, with the ones a referee reads aloud spelled out."""
    parts: list[str] = []
    for e in body["events"]:
        d = e["data"]
        match e["type"]:
            case "WarDeclared":
                parts.append(f"WarDeclared({d['war']}: {d['attacker']} on {d['defender']})")
            case "WarFought":
                parts.append(
                    f"WarFought({d['war']}: losses {d['attacker_losses']}/{d['defender_losses']}, loser {d['loser']})"
                )
            case "DiplomacyAttempted":
                parts.append(f"DiplomacyAttempted({d['war']} {d['side']}: {'averted' if d['averted'] else 'fails'})")
            case "TicketCalled":
                parts.append(
                    f"TicketCalled(number {d['number']}" + (f", {d['skipped']} skipped)" if d["skipped"] else ")")
                )
            case "ManaCredited":
                parts.append(f"ManaCredited({d['character']})")
            case "DiceRolled":
                continue
            case kind:
                parts.append(kind)
    return ", ".join(parts) or "nothing"


# --- command line ---------------------------------------------------------------------------------------------


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        description="Run the automatic events of Earth's centuries in a Gods II game (Era Centrum) over the "
        "Pantheon HTTP API, as a referee (the GM token or a co_gm seat's token).",
        epilog="Each century: StartCentury, OrderWars, diplomacy for sides that stand to lose more than 15%%, "
        "CallTicket at the Window, ResolveWar after the war delay, CloseActivityPhase, EndCentury.",
    )
    p.add_argument("--api", required=True, help="server base URL, e.g. http://127.0.0.1:8000")
    p.add_argument("--token", required=True, help="the GM token or a co_gm seat's token (pnt_...)")
    p.add_argument("--game", required=True, help="the game id")
    p.add_argument("--centuries", type=int, default=1, help="centuries to run (one already running counts)")
    p.add_argument("--activity-seconds", type=float, default=600.0, help="how long each Activity phase stays open")
    p.add_argument(
        "--patience-seconds", type=float, default=60.0, help="how long a called number may wait before it is skipped"
    )
    p.add_argument("--no-diplomacy", action="store_true", help="never attempt diplomacy on the races' behalf")
    p.add_argument("--poll", type=float, default=1.0, help="seconds between looks when idle")
    return p


async def amain(argv: Sequence[str]) -> None:
    args = parser().parse_args(argv)
    policy = Policy(
        centuries=args.centuries,
        activity_seconds=args.activity_seconds,
        patience_seconds=args.patience_seconds,
        diplomacy=not args.no_diplomacy,
    )
    async with httpx.AsyncClient(base_url=args.api, timeout=10) as client:
        await RefereeBot(client, args.token, args.game, policy).run(poll=args.poll)


if __name__ == "__main__":
    try:
        asyncio.run(amain(sys.argv[1:]))
    except KeyboardInterrupt:
        pass
