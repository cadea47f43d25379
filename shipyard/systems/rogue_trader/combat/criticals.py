"""The Critical Hit chart in play: each result's effect on a ship (seed; R1-R3, R18)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from shipyard.api import Dice, Roll
from shipyard.systems.rogue_trader.combat.spec import Part, half_up
from shipyard.systems.rogue_trader.combat.state import Ship

if TYPE_CHECKING:
    from shipyard.systems.rogue_trader.combat.engine import RogueTraderFight

NOT_CHOSEN = ("bridge", "plasma-drive", "warp-engine")


def strike(fight: RogueTraderFight, ship: Ship, value: int, by: Ship | None) -> None:
    """A critical hit of `value` on `ship`; `by` is the attacker, who picks components."""
    if ship.out is not None:
        return
    if ship.simple_destruction and ship.crippled:  # R1
        if value < fight.table.simplified_hulk_below:
            fight.knock_out(ship, "hulked", f"{ship.name} drifts away, a shattered hulk "
                            f"(simplified destruction, critical {value})")
        else:
            fight.say("critical", f"{ship.name} explodes (simplified destruction, critical "
                      f"{value}): a Plasma Drive Explosion", depth=2)
            explode(fight, ship, "plasma")
        return
    entry = fight.catalog.critical(value)
    fight.say("critical", f"{ship.name} suffers {entry.name} ({value}"
              f"{', read as 11' if value > 11 else ''})", depth=2)
    EFFECTS[entry.id](fight, ship, by)


def known_choices(ship: Ship, exclude: tuple[str, ...]) -> list[Part]:
    """The components the attacker knows of and may pick, best first (R18)."""
    eligible = [p for p in ship.spec.parts if p.index in ship.known and p.kind not in exclude
                and "destroyed" not in ship.states[p.index]]

    def worth(p: Part) -> tuple[bool, int, float, int]:
        group = 0 if p.void_shields else 1 if p.gun is not None else 2
        gun_value = ship.strength(p) * p.gun.value if p.gun is not None else 0.0
        return (not ship.working(p), group, -gun_value, p.index)

    return sorted(eligible, key=worth)


def _pick(fight: RogueTraderFight, ship: Ship, state: str) -> None:
    choices = known_choices(ship, NOT_CHOSEN)
    if not choices:
        fight.say("critical", "the attacker knows of no component to choose: no effect",
                  depth=3)
        return
    part = choices[0]
    ship.states[part.index].add(state)
    fight.say("critical", f"{part.name} is {state}", depth=3)


def holed(fight: RogueTraderFight, ship: Ship, by: Ship | None) -> None:
    _pick(fight, ship, "depressurised")


def internal_damage(fight: RogueTraderFight, ship: Ship, by: Ship | None) -> None:
    _pick(fight, ship, "damaged")


def fire(fight: RogueTraderFight, ship: Ship, by: Ship | None) -> None:
    _pick(fight, ship, "on fire")


def sensors(fight: RogueTraderFight, ship: Ship, by: Ship | None) -> None:
    ship.sensors_damaged = True
    fight.say("critical", f"{fight.table.sensors_damaged} to all her shooting tests", depth=3)


def thrusters(fight: RogueTraderFight, ship: Ship, by: Ship | None) -> None:
    rolled = fight.d(10)
    if rolled <= 7:
        ship.thrusters -= fight.table.thrusters_damaged
        text = f"Manoeuvrability {fight.table.thrusters_damaged}"
    else:
        ship.cannot_turn = True
        text = "she cannot turn"
    fight.say("critical", f"1d10 rolled {rolled}: {text}", [Roll("d10", rolled, text)], 3)


def engines(fight: RogueTraderFight, ship: Ship, by: Ship | None) -> None:
    rolled = fight.d(10)
    if rolled <= 7:
        ship.engines_halved += 1
        text = "Speed halved"
    else:
        ship.engines_wrecked = True
        text = "drives wrecked, Speed 1"
    fight.say("critical", f"1d10 rolled {rolled}: {text}", [Roll("d10", rolled, text)], 3)


def techsprites(fight: RogueTraderFight, ship: Ship, by: Ship | None) -> None:
    unpowered = []
    rolls = []
    for part in ship.spec.parts:
        rolled = fight.d(10)
        if rolled >= 4:
            ship.states[part.index].add("unpowered")
            unpowered.append(part.name)
        rolls.append(Roll("d10", rolled, f"{part.name}: "
                          f"{'unpowered' if rolled >= 4 else 'keeps her power'} (4 or higher)"))
    rolled = fight.d(5)
    rolls.append(Roll("d5", rolled, "Morale lost"))
    morale = ship.lose("morale", rolled)
    fight.say("critical", f"unpowered: {', '.join(unpowered) or 'nothing'}; 1d5 rolled "
              f"{rolled}: Morale -{morale}", rolls, depth=3)


def decapitation(fight: RogueTraderFight, ship: Ship, by: Ship | None) -> None:
    faces = (fight.d(10), fight.d(10))
    rolled = sum(faces)
    bridge = next((p for p in ship.spec.parts if p.kind == "bridge"), None)
    effects = []
    if bridge is not None and rolled >= 12:
        ship.states[bridge.index].add("depressurised")
        effects.append("the bridge is depressurised")
    if bridge is not None and rolled >= 16:
        ship.states[bridge.index].add("damaged")
        effects.append("and damaged")
    outcome = ' '.join(effects) or 'the bridge holds'
    fight.say("critical", f"shrapnel 2d10 rolled {faces[0]}+{faces[1]} = {rolled}: {outcome}",
              [Roll("d10", face, "shrapnel (2d10)") for face in faces], 3)


def hull_breach(fight: RogueTraderFight, ship: Ship, by: Ship | None) -> None:
    count = fight.d(5)
    choices = known_choices(ship, ("bridge",))[:count]
    fight.say("critical", f"1d5 rolled {count} components; the attacker knows of "
              f"{len(choices)} she may choose", [Roll("d5", count, "components breached")], 3)
    for part in choices:
        rolled = fight.d(10)
        if rolled <= 7:
            ship.states[part.index] |= {"damaged", "depressurised"}
            text = f"{part.name}: d10 rolled {rolled}, damaged and depressurised"
        else:
            ship.states[part.index].add("destroyed")
            text = f"{part.name}: d10 rolled {rolled}, destroyed with her crew"
        fight.say("critical", text, [Roll("d10", rolled, text)], 3)
    ship.crew_population = half_up(ship.crew_population)
    ship.morale = half_up(ship.morale)
    fight.say("critical", f"Crew Population and Morale halved: {ship.crew_population} and "
              f"{ship.morale}", depth=3)


def catastrophic(fight: RogueTraderFight, ship: Ship, by: Ship | None) -> None:
    rolled = fight.d(10)
    fight.say("critical", f"1d10 rolled {rolled}", [Roll("d10", rolled, "catastrophic")], 3)
    if rolled <= 7:
        space_hulk(fight, ship, by)
    elif rolled <= 9 or not _has_warp_engine(ship):
        plasma_explosion(fight, ship, by)
    else:
        warp_explosion(fight, ship, by)


def _has_warp_engine(ship: Ship) -> bool:
    return any(p.kind == "warp-engine" and "destroyed" not in ship.states[p.index]
               for p in ship.spec.parts)


def space_hulk(fight: RogueTraderFight, ship: Ship, by: Ship | None) -> None:
    rolls = []
    for part in ship.spec.parts:
        rolled = fight.d(10)
        if rolled <= 2:
            ship.states[part.index].add("unpowered")
            text = "untouched but unpowered"
        elif rolled <= 8:  # R3: the seed's missing 8 counts with 3-7
            ship.states[part.index] |= {"depressurised", "damaged"}
            text = "depressurised and damaged"
        else:
            ship.states[part.index].add("destroyed")
            text = "destroyed"
        rolls.append(Roll("d10", rolled, f"{part.name}: {text}"))
    value, _ = fight.roll(Dice(1, 10))
    rolls.append(Roll("d10", value, "Crew Population left"))
    fight.say("critical", f"every component rolls 1d10 (1-2 unpowered, 3-8 depressurised and "
              f"damaged, 9-10 destroyed; R3); Crew Population 1d10 rolled {value}", rolls, 3)
    ship.crew_population = min(ship.crew_population, value)
    fight.knock_out(ship, "hulked", f"{ship.name} is a drifting, burning space hulk (Crew "
                    f"Population {ship.crew_population})")


def plasma_explosion(fight: RogueTraderFight, ship: Ship, by: Ship | None) -> None:
    explode(fight, ship, "plasma")


def warp_explosion(fight: RogueTraderFight, ship: Ship, by: Ship | None) -> None:
    explode(fight, ship, "warp")


def explode(fight: RogueTraderFight, ship: Ship, kind: str) -> None:
    what = "plasma drive" if kind == "plasma" else "warp drive"
    fight.knock_out(ship, "exploded", f"{ship.name}'s {what} explodes")
    fight.blast(ship, kind)


EFFECTS: dict[str, Callable[[RogueTraderFight, Ship, Ship | None], None]] = {
    "holed": holed,
    "internal-damage": internal_damage,
    "sensors-damaged": sensors,
    "thrusters-damaged": thrusters,
    "fire": fire,
    "engines-crippled": engines,
    "surly-techsprites": techsprites,
    "decapitation": decapitation,
    "hull-breach": hull_breach,
    "catastrophic-damage": catastrophic,
    "space-hulk": space_hulk,
    "plasma-drive-explosion": plasma_explosion,
    "warp-drive-explosion": warp_explosion,
}
