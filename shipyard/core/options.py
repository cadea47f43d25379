"""Fight options: what each rules system declares, and the one parser every command uses.

A system declares its options once (`FightOptions`): the terms of a duel (`--range`,
`--geometry`, `--cap`), the terms of one volley's odds (`--range`, `--speed`), its crew keys
(`--crew-a KEY=VALUE`), its optional rules (`--rule NAME[=VALUE]`) and what `--pilot-a`
replaces. The core parses the command line against that declaration, so every system answers a
wrong value in the same words, help lists each system's options, an option a system does not
declare is refused, and a catalog's fight defaults are checked by the same declaration when the
catalog loads (`Option.check` as a Pydantic validator).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from pydantic import AfterValidator

from shipyard.core.suggest import suggest
from shipyard.errors import UserError

Value = int | str
MAX_CAP = 10_000  # rounds: the most any system's fight may be allowed to run

_EMPTY: Mapping[str, Value] = MappingProxyType({})

#: How a fight may end, spelled once for every system's JSON. A system declares any reason of
#: its own beyond these (`FightOptions.end_reasons`), and the contract suite checks that every
#: reason a fight reports is declared.
END_REASONS: Mapping[str, str] = MappingProxyType({
    "destroyed": "the loser is destroyed",
    "crew-lost": "the loser's crew is all lost",
    "power-lost": "the loser's power is all lost",
    "disabled": "the loser can neither fight nor move",
    "surrendered": "the loser gave up (a boarding action, a rout)",
    "escaped": "one side broke contact and left the fight",
    "lost-contact": "both sides lost each other: no winner",
    "harmless": "neither side can harm the other: no winner",
    "both-lost": "both sides were lost together: no winner",
    "cap": "no decision within the round cap: a draw",
})


@dataclass(frozen=True)
class Whole:
    """A whole number within bounds."""

    low: int
    high: int
    unit: str = ""

    def parse(self, text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            raise ValueError(f"give {self.describe()}") from None
        if not self.low <= number <= self.high:
            raise ValueError(f"give {self.describe()}")
        return number

    def describe(self) -> str:
        unit = f" {self.unit}" if self.unit else ""
        return f"a whole number {self.low}..{self.high}{unit}"


@dataclass(frozen=True)
class Choice:
    """One of named values, each with what it means; `aliases` are other spellings."""

    choices: Mapping[str, str]
    aliases: Mapping[str, str] = field(default_factory=dict)

    def parse(self, text: str) -> str:
        value = self.aliases.get(text, text)
        if value not in self.choices:
            raise ValueError(f"give one of {', '.join(self.choices)}{_close(text, self.choices)}")
        return value

    def describe(self) -> str:
        return " | ".join(self.choices)


@dataclass(frozen=True)
class Steps:
    """Named steps in order (range bands, tailing .. long): the value is the step's name."""

    steps: tuple[str, ...]

    def parse(self, text: str) -> str:
        if text not in self.steps:
            raise ValueError(f"give one of {', '.join(self.steps)}{_close(text, self.steps)}")
        return text

    def index(self, name: str) -> int:
        return self.steps.index(name)

    def describe(self) -> str:
        return " < ".join(self.steps)


@dataclass(frozen=True)
class Word:
    """A name the system checks against its catalog (a crew rating, say), which an overlay
    may extend, so the declaration cannot list the values."""

    what: str

    def parse(self, text: str) -> str:
        if not text:
            raise ValueError(f"give {self.what}")
        return text

    def describe(self) -> str:
        return self.what


def _close(text: str, names: Iterable[str]) -> str:
    hint = suggest(text, names)
    return f"; {hint}" if hint.startswith("did you mean") else ""


Kind = Whole | Choice | Steps | Word

_ON_OFF = {"on": "the rule is in force", "off": "the rule is not"}
_ON_OFF_ALIASES = {"true": "on", "yes": "on", "1": "on", "false": "off", "no": "off", "0": "off"}


def switch() -> Choice:
    """An optional rule that is on or off (a bare `--rule NAME` turns it on)."""
    return Choice(_ON_OFF, _ON_OFF_ALIASES)


@dataclass(frozen=True)
class Option:
    name: str
    help: str
    kind: Kind
    #: where the catalog keeps this option's default, a dotted path (`combat.start_range`),
    #: so that help names the value a group's overlay actually sets
    default: str = ""
    #: the one command that takes this crew key ("duel" or "odds"; both when empty), for help
    #: and completion; the system's fight refuses it in the other, in its own words
    only: str = ""

    def parse(self, text: str, shown: str) -> Value:
        """The value of `text`, or a UserError quoting `shown` (the option as typed)."""
        try:
            return self.kind.parse(text)
        except ValueError as exc:
            raise UserError.single("cli.option", f"{shown}: {exc}") from None

    def check(self, value: Any) -> Any:
        """A catalog's default, checked as the command line would be (a Pydantic validator)."""
        return self.kind.parse(str(value))

    def validator(self) -> AfterValidator:
        return AfterValidator(self.check)

    def line(self, catalog: Any = None) -> str:
        value = _at(catalog, self.default) if catalog is not None and self.default else None
        default = "" if value is None else f"; default: {value}"
        only = f" ({self.only} only)" if self.only else ""
        return f"{self.name}: {self.kind.describe()}; {self.help}{default}{only}"


def _at(catalog: Any, path: str) -> Any:
    """The value at a dotted path of a catalog (attributes, or keys of a mapping); None if
    there is none."""
    value = catalog
    for part in path.split("."):
        value = value.get(part) if isinstance(value, Mapping) else getattr(value, part, None)
        if value is None:
            return None
    return value


def _index(options: Sequence[Option]) -> dict[str, Option]:
    return {o.name: o for o in options}


@dataclass(frozen=True)
class FightOptions:
    """Everything a system's fights take from the command line."""

    duel: tuple[Option, ...] = ()  # --range, --geometry, --cap
    # what `shipyard battle` takes (--range, --geometry, --cap); None: the system's fights are
    # duels only, and `battle` refuses it (its FightSupport writes `prepare_battle` otherwise)
    battle: tuple[Option, ...] | None = None
    odds: tuple[Option, ...] = ()  # --range, --speed
    crew: tuple[Option, ...] = ()  # --crew-a KEY=VALUE
    rules: tuple[Option, ...] = ()  # --rule NAME[=VALUE]
    pilot: str = "pilot"  # what --pilot-a replaces, in the game's words
    # what `battle --pilot-a` replaces (the commander of a side's every ship), in the game's
    # words; None: a battle takes the default commander only, and refuses --pilot-a in one line
    battle_pilot: str | None = None
    rule_defaults: str = ""  # where the catalog keeps the rules' defaults, by rule name
    end_reasons: Mapping[str, str] = field(default_factory=dict)  # beyond END_REASONS

    def check_rules(self, values: dict[str, Any]) -> dict[str, Value]:
        """A catalog's default rules, checked as `--rule` would be (a Pydantic validator)."""
        options = _index(self.rules)
        out: dict[str, Value] = {}
        for name, value in values.items():
            if name not in options:
                raise ValueError(f"no optional rule '{name}'; {suggest(name, options)}")
            out[name] = options[name].check(value)
        return out

    def rules_validator(self) -> AfterValidator:
        return AfterValidator(self.check_rules)

    def reasons(self) -> dict[str, str]:
        return {**END_REASONS, **self.end_reasons}

    def crew_for(self, command: str) -> tuple[Option, ...]:
        return tuple(o for o in self.crew if o.only in ("", command))

    def help_lines(self, system_id: str, catalog: Any = None,
                   produced: Iterable[str] | None = None,
                   fates: Iterable[str] | None = None) -> list[str]:
        """What `--help-system` prints; with the system's `catalog`, each default by its value;
        the end reasons are those the system's fights produce (`produced`, the names of its
        `FightRules.ends`), not the whole vocabulary; where it has battles, the fates a ship may
        end one with (`fates`, as the battle's fate lines word them)."""
        out = [f"{system_id} fight options"]
        flags = [f for f, command in (("duel --crew-a / --crew-b", "duel"),
                                      ("odds --crew", "odds")) if self.crew_for(command)]
        for group, title in (("duel", "duel"), ("battle", "battle"), ("odds", "odds"),
                             ("crew", f"{', '.join(flags)} KEY=VALUE"),
                             ("rules", "--rule NAME[=VALUE] (a bare NAME means on)")):
            options: tuple[Option, ...] = getattr(self, group) or ()
            if not options:
                continue
            out.append(f"  {title}")
            prefix = "--" if group in ("duel", "battle", "odds") else ""
            if group == "rules" and self.rule_defaults:
                options = tuple(replace(o, default=o.default or f"{self.rule_defaults}.{o.name}")
                                for o in options)
            out += [f"    {prefix}{o.line(catalog)}" for o in options]
        out.append(f"  --pilot-a / --pilot-b FILE.py:NAME: your own {self.pilot}")
        if self.battle is not None and self.battle_pilot is not None:
            out.append(f"  battle --pilot-a / --pilot-b FILE.py:NAME: your own "
                       f"{self.battle_pilot}")
        mine = None if produced is None else set(produced)
        reasons = ", ".join(r for r in self.reasons() if mine is None or r in mine)
        out.append(f"  end reasons: {reasons}")
        if self.battle is not None and fates is not None:
            out.append(f"  battle fates: {', '.join(fates)}")
        return out


@dataclass(frozen=True, init=False)
class Terms:
    """The fight options given on a command line, parsed against the system's declaration.

    Only what the user gave is here: the system fills the rest from its catalog and designs.
    `Terms(range=3, cap=12)` names duel or odds options directly (tests and scripts do).
    """

    values: Mapping[str, Value]  # duel or odds options by name (range, geometry, cap, ...)
    crew: tuple[Mapping[str, Value], Mapping[str, Value]]
    rules: Mapping[str, Value]
    pilots: tuple[str | None, str | None]

    def __init__(self, values: Mapping[str, Value] | None = None,
                 crew: tuple[Mapping[str, Value], Mapping[str, Value]] = (_EMPTY, _EMPTY),
                 rules: Mapping[str, Value] = _EMPTY,
                 pilots: tuple[str | None, str | None] = (None, None), **named: Value) -> None:
        object.__setattr__(self, "values", MappingProxyType({**(values or {}), **named}))
        object.__setattr__(self, "crew", crew)
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "pilots", pilots)

    def whole(self, name: str, default: int) -> int:
        return int(self.values.get(name, default))

    def word(self, name: str, default: str) -> str:
        return str(self.values.get(name, default))


def pairs(flag: str, given: Sequence[str], bare: str | None = None) -> dict[str, str]:
    """KEY=VALUE items, several to an option where commas part them (a bare KEY means
    `bare`, where that is allowed)."""
    out: dict[str, str] = {}
    # `--crew-b gunner=crew,quickness=3` is two items, as `--crew-b gunner=crew --crew-b ...`
    for item in (part for entry in given for part in entry.split(",")):
        key, eq, value = item.partition("=")
        key, value = key.strip(), value.strip()
        if not eq:
            if bare is None:
                raise UserError.single("cli.option", f"{flag} {item}: give KEY=VALUE")
            value = bare
        if not key:
            raise UserError.single("cli.option", f"{flag} {item}: give KEY=VALUE")
        out[key] = value
    return out


def parse_terms(system_id: str, declared: FightOptions, command: str,
                values: Mapping[str, str | None], crew: Sequence[Sequence[str]],
                rules: Sequence[str], pilots: tuple[str | None, str | None] = (None, None),
                ) -> Terms:
    """The command line's fight options, parsed against what `system_id` declares.

    `values` are the generic flags by name (None: not given); `crew` the KEY=VALUE lists of
    each side (`--crew-a`, `--crew-b`, or odds' single `--crew`).
    """
    options = _index(getattr(declared, command) or ())
    parsed: dict[str, Value] = {}
    for name, text in values.items():
        if text is None:
            continue
        option = options.get(name)
        if option is None:
            known = ", ".join(f"--{o}" for o in options) or "none"
            raise UserError.single("cli.option", f"--{name}: {system_id} {command} has no "
                                   f"such option (its options: {known}; see --help-system "
                                   f"{system_id})")
        parsed[name] = option.parse(text, f"--{name} {text}")
    crews = tuple(_keyed(system_id, declared.crew, f"--crew-{side}" if len(crew) > 1
                         else "--crew", "crew key", items)
                  for side, items in zip("ab", crew, strict=False))
    while len(crews) < 2:
        crews += (_EMPTY,)
    if any(pilots) and command == "battle" and declared.battle_pilot is None:
        raise UserError.single("cli.option", f"--pilot: {system_id} battles take the default "
                               f"commander only; your own {declared.pilot} runs in a duel")
    if any(pilots) and command not in ("duel", "battle"):
        raise UserError.single("cli.option", f"--pilot: {system_id} {command} takes no "
                               f"{declared.pilot}")
    return Terms(parsed, (crews[0], crews[1]),
                 _keyed(system_id, declared.rules, "--rule", "rule", rules, bare="on"),
                 pilots)


def _keyed(system_id: str, declared: Sequence[Option], flag: str, what: str,
           items: Sequence[str], bare: str | None = None) -> Mapping[str, Value]:
    options = _index(declared)
    out: dict[str, Value] = {}
    for key, text in pairs(flag, items, bare).items():
        option = options.get(key)
        if option is None:
            raise UserError.single("cli.option", f"{flag} {key}: {system_id} has no {what} "
                                   f"'{key}'; {suggest(key, options)}")
        out[key] = option.parse(text, f"{flag} {key}={text}")
    return out
