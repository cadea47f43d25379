"""smallcraft construction: rules 1-13 of the seed, with rulings R1-R5 of systems/smallcraft.md.

Everything here is pure arithmetic on integers and Decimals: a craft is built once into `Part`s
(a component with its box count and sheet label), and the sheet, the checks and the fight all read
the same parts.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from shipyard.api import Budget, Design, LineOf, Verdict
from shipyard.systems.smallcraft.models import (
    Armor,
    Atmosphere,
    Beam,
    Cargo,
    Component,
    Construction,
    Crew,
    Drive,
    JumpDrive,
    LaunchTubes,
    Missiles,
    Power,
    Rounding,
    Screens,
    Sensors,
    SmallcraftCatalog,
    SmallcraftDesign,
)

CODES = {
    "budget.over": "components fill more cblocs than the hull has (rule 1)",
    "budget.unallocated": "warning: cblocs left unallocated; they print as an Unallocated row (R7)",
    "power.short": "warning: peak power demand exceeds the supply (rule 10, dPhase 1)",
    "armor.minimum": "armor below 1 cbloc per 10 of hull, rounded up (rule 4, R2)",
    "drive.short": "a drive's cblocs fall short of the cost of its G (rule 3, R1)",
    "drive.excess": "warning: a drive's cblocs exceed the cost of its G (R1)",
    "drive.no_thrust": "warning: a drive's cblocs fall short of the cost of 1G: it gives 0G (R1)",
    "jump_drive.size": "a jump drive is not its fixed size (rule 2)",
    "missiles.tech_level": "missile move + damage over its tech level, or no tech level (rule 9)",
    "cargo.granularity": "cargo is not a whole number of cblocs (rule 12)",
    "facing.3d_only": "warning: a top or bottom drive or weapon does nothing in 2D combat",
    "missiles.no_tubes": "warning: missiles but no launch tubes (rules 8-9)",
    "launch_tubes.empty": "warning: launch tubes but no missiles (rules 8-9)",
    "combat.gunner": "a separate gunner on a craft that carries fewer than two people",
}

FACING_WORD = {"front": "forward", "back": "backward", "left": "left", "right": "right",
               "top": "up", "bottom": "down"}


@dataclass(frozen=True)
class Part:
    """One row of the Damage Allocation Sheet: a component and the boxes it fills."""

    index: int  # position in the design's component list
    component: Component
    boxes: int
    label: str


def count(n: int, word: str) -> str:
    """ "1 dhit", "6 dhits", "1 dhex", "3 dhexes": a figure with its unit, in the right number."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word}{'es' if word.endswith(('x', 's')) else 's'}"


# --- the arithmetic of the rules -------------------------------------------------------------


def divide(numerator: int, denominator: int, mode: Rounding) -> int:
    """numerator / denominator rounded as the catalog says (R1), in integers only."""
    q, r = divmod(numerator, denominator)
    if r == 0 or mode == "down":
        return q
    if mode == "up":
        return q + 1
    twice = 2 * r
    if twice > denominator or (twice == denominator and mode == "nearest-half-up"):
        return q + 1
    return q


def drive_cost(hull: int, g: int, rules: Construction) -> int:
    """Cblocs a drive needs for `g` G (rule 3, R1): hull x G / 20 rounded as the catalog says,
    and never fewer than one box per G. Where a G costs under one cbloc (hulls under 20) the
    rounding alone would let one box carry several G, and a hit could take several G at once;
    the floor keeps one G a box, so the G a drive delivers is the G it was built for."""
    return max(g, divide(hull * g, rules.drive_hull_divisor, rules.drive_rounding))


def drive_g(hull: int, cblocs: int, rules: Construction) -> int:
    """The G a drive of `cblocs` working cblocs delivers: the largest G whose cost fits (R1,
    also after damage). The one figure the label, the profile, the sheet and the fight use."""
    if cblocs <= 0:
        return 0
    low, high = 0, cblocs  # a G costs at least one box, so cblocs bounds the G
    while low < high:  # cost is increasing in g: binary search, never a loop over g
        mid = (low + high + 1) // 2
        if drive_cost(hull, mid, rules) <= cblocs:
            low = mid
        else:
            high = mid - 1
    return low


def armor_minimum(hull: int, rules: Construction) -> int:
    return -(-hull // rules.armor_minimum_divisor)  # R2: ceil(hull / 10)


def cargo_cblocs(tons: Decimal, rules: Construction) -> Decimal:
    return tons / rules.cbloc_tons


def atmosphere_cblocs(hull: int, percent: int) -> int:
    return -(-hull * percent // 100)  # R4: a share of hull, rounded up to whole cblocs


def missile_tech(missiles: Missiles, design: SmallcraftDesign) -> int | None:
    return missiles.tech_level if missiles.tech_level is not None else design.tech_level


# --- building a craft into parts --------------------------------------------------------------


def boxes_of(c: Component, design: SmallcraftDesign, catalog: SmallcraftCatalog) -> int:
    rules = catalog.construction
    match c:
        case Drive():
            return c.cblocs if c.cblocs is not None else drive_cost(design.hull, c.g or 0, rules)
        case JumpDrive():
            return c.cblocs if c.cblocs is not None else rules.jump_drive_cblocs
        case Armor() | Screens() | Power() | Missiles():
            return c.cblocs
        case Sensors():
            return c.range
        case Beam():
            return c.cblocs + (rules.turret_mount_cblocs if c.mount == "turret" else 0)
        case LaunchTubes():
            return c.count
        case Crew():
            per = rules.crew_cblocs_per_person + (
                rules.room_to_move_cblocs_per_person if c.room_to_move else 0)
            return c.people * per
        case Cargo():
            return int(cargo_cblocs(c.tons, rules))  # whole cblocs; fractions are an error
        case Atmosphere():
            option = catalog.atmosphere.get(c.option)
            return atmosphere_cblocs(design.hull, option.hull_percent if option else 0)
    raise AssertionError(f"unhandled component {c!r}")  # pragma: no cover


def default_label(c: Component, design: SmallcraftDesign, catalog: SmallcraftCatalog) -> str:
    """The seed's sheet wording ("Back drive (3G)", "Sensors, range 3 dhexes")."""
    match c:
        case Drive():
            # the G its boxes deliver (R1), which is the G asked for unless cblocs were given
            g = drive_g(design.hull, boxes_of(c, design, catalog), catalog.construction)
            return f"{c.facing.capitalize()} drive ({g}G)"
        case JumpDrive():
            return "Jump drive"
        case Armor():
            return "Armor"
        case Sensors():
            return f"Sensors, range {c.range} dhex{'es' if c.range != 1 else ''}"
        case Screens():
            return "Screens"
        case Beam():
            if c.mount == "turret":
                return f"Turreted beam weapon, aimed {FACING_WORD[c.facing]}"
            return f"Fixed beam weapon, facing {FACING_WORD[c.facing]}"
        case LaunchTubes():
            return f"Launch tube{'s' if c.count != 1 else ''} ({c.count})"
        case Missiles():
            count = c.cblocs * catalog.construction.missiles_per_cbloc
            return f"Missiles: {count}, move {c.move}, damage {c.damage}"
        case Power():
            return "Power"
        case Crew():
            return f"Crew: {c.people} {'person' if c.people == 1 else 'people'}"
        case Cargo():
            tons = c.tons.normalize()
            return f"Cargo: {tons:f} ton{'' if tons == 1 else 's'}"
        case Atmosphere():
            option = catalog.atmosphere.get(c.option)
            return option.name if option else c.option
    raise AssertionError(f"unhandled component {c!r}")  # pragma: no cover


def parts(design: SmallcraftDesign, catalog: SmallcraftCatalog) -> list[Part]:
    return [Part(i, c, boxes_of(c, design, catalog), c.label or default_label(c, design, catalog))
            for i, c in enumerate(design.components)]


# --- power -----------------------------------------------------------------------------------


def demand_of(part: Part) -> int:
    """Peak cunits a part draws at full power (rules 3, 5-8; R5: a turret's mount draws too)."""
    match part.component:
        case Drive() | Sensors() | Screens() | Beam():
            return part.boxes
        case LaunchTubes():
            return part.component.count  # one cunit per missile fired, all tubes at once
    return 0


def power_supply(design: SmallcraftDesign, catalog: SmallcraftCatalog) -> int:
    per = catalog.construction.power_per_cbloc
    return sum(c.cblocs * per for c in design.components if isinstance(c, Power))


# --- the checks --------------------------------------------------------------------------------


CraftDesign = Design[SmallcraftDesign, SmallcraftCatalog, list[Part]]  # as the core hands it over


def check(design: SmallcraftDesign, catalog: SmallcraftCatalog, line_of: LineOf,
          built: list[Part]) -> Verdict:
    rules = catalog.construction
    verdict = Verdict()

    def line(part: Part) -> int | None:
        return line_of(("components", part.index))

    cblocs = Budget("cblocs", "cblocs", design.hull, title="Hull")
    power = Budget("power", "cunits", power_supply(design, catalog), title="Power (peak demand)")
    for part in built:
        cblocs.add(part.label, part.boxes, line(part))
        if demand := demand_of(part):
            power.add(part.label, demand, line(part))
    verdict.budgets += [cblocs, power]

    if cblocs.used > design.hull:
        verdict.error("budget.over", f"components fill {cblocs.used} cblocs of a "
                      f"{design.hull}-cbloc hull; remove {cblocs.used - design.hull} cblocs",
                      line_of(("hull",)))
    elif cblocs.used < design.hull:
        left = design.hull - cblocs.used
        verdict.warn("budget.unallocated", f"{left} cbloc{'s' if left != 1 else ''} of "
                     f"{design.hull} unallocated (printed as an 'Unallocated' row)",
                     line_of(("hull",)))
    if power.over:
        verdict.warn("power.short", f"peak power demand {power.used} cunits exceeds the supply "
                     f"of {power.available} cunits; some components must run under-powered",
                     line_of(("components",)))

    armor = sum(p.boxes for p in built if isinstance(p.component, Armor))
    minimum = armor_minimum(design.hull, rules)
    if armor < minimum:
        first = next((p for p in built if isinstance(p.component, Armor)), None)
        verdict.error("armor.minimum", f"armor is {armor} cblocs; a {design.hull}-cbloc hull "
                      f"needs at least {minimum} (1 per {rules.armor_minimum_divisor} of hull)",
                      line(first) if first else line_of(("components",)))

    for part in built:
        _check_part(part, design, catalog, line(part), verdict)

    people = sum(c.people for c in design.components if isinstance(c, Crew))
    if not design.combat.pilot_is_gunner and people < 2:
        verdict.error("combat.gunner", f"pilot_is_gunner: false, but the craft carries "
                      f"{people} {'person' if people == 1 else 'people'}: its pilot is its "
                      "gunner", line_of(("combat", "pilot_is_gunner")))

    has_tubes = any(isinstance(p.component, LaunchTubes) for p in built)
    has_missiles = any(isinstance(p.component, Missiles) for p in built)
    if has_missiles and not has_tubes:
        verdict.warn("missiles.no_tubes", "missiles in storage but no launch tubes to fire them",
                     line_of(("components",)))
    if has_tubes and not has_missiles:
        verdict.warn("launch_tubes.empty", "launch tubes but no missiles to fire",
                     line_of(("components",)))
    return verdict


def _check_part(part: Part, design: SmallcraftDesign, catalog: SmallcraftCatalog,
                line: int | None, verdict: Verdict) -> None:
    rules = catalog.construction
    c = part.component
    if isinstance(c, Drive | Beam) and c.facing in ("top", "bottom"):
        verdict.warn("facing.3d_only", f"{part.label}: a {c.facing} {c.type} does nothing in "
                     "2D combat", line)
    match c:
        case Drive(g=int(g), cblocs=int(given)):
            need = drive_cost(design.hull, g, rules)
            if given < need:
                verdict.error("drive.short", f"{part.label}: {g}G on a {design.hull}-cbloc hull "
                              f"needs {need} cblocs, not {given}", line)
            elif given > need:
                verdict.warn("drive.excess", f"{part.label}: {given} cblocs give "
                             f"{drive_g(design.hull, given, rules)}G; {g}G needs only {need}",
                             line)
        case Drive() if drive_g(design.hull, part.boxes, rules) == 0:
            verdict.warn("drive.no_thrust", f"{part.label}: {part.boxes} cbloc"
                         f"{'s' if part.boxes != 1 else ''} give no thrust on a "
                         f"{design.hull}-cbloc hull; 1G needs {drive_cost(design.hull, 1, rules)}",
                         line)
        case JumpDrive(cblocs=int(given)) if given != rules.jump_drive_cblocs:
            verdict.error("jump_drive.size", f"a jump drive takes exactly "
                          f"{rules.jump_drive_cblocs} cblocs, not {given}", line)
        case Missiles():
            tech = missile_tech(c, design)
            if tech is None:
                verdict.error("missiles.tech_level", f"{part.label}: give the missiles' "
                              "tech_level, or the craft's", line)
            elif c.move + c.damage > tech:
                verdict.error("missiles.tech_level", f"{part.label}: move {c.move} + damage "
                              f"{c.damage} = {c.move + c.damage} exceeds tech level {tech}",
                              line)
        case Cargo():
            exact = cargo_cblocs(c.tons, rules)
            if exact != exact.to_integral_value():
                low = int(exact) * rules.cbloc_tons
                high = (int(exact) + 1) * rules.cbloc_tons
                lows = f"{low.normalize():f} or " if low > 0 else ""
                verdict.error("cargo.granularity", f"cargo of {c.tons.normalize():f} tons is not "
                              f"a whole number of cblocs ({rules.cbloc_tons.normalize():f} t "
                              f"each); use {lows}{high.normalize():f} tons", line)
        case _:
            pass
