"""High Guard construction as pure functions: a design and the catalog in, line items out.

Every figure on a line is derived from the design's choices and the catalog's figures; nothing
here reads a file or prints. `derive()` is the whole of it; the rest are the formula families
the catalog's `rule:` names. Rounding is where it is because that is what reproduces the
published stat blocks (catalogs/traveller/RULINGS.md says which ruling each one is).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from shipyard.api import figure, tons
from shipyard.systems.traveller.models import (
    SECTIONS,
    Configuration,
    Part,
    PartEntry,
    TravellerCatalog,
    TravellerDesign,
)

EPS = 1e-9


@dataclass
class Line:
    """One line of the stat block. `power` follows the stat block's signs: a plant's output is
    positive, a consumer's draw negative, and Basic Ship Systems shows its demand as positive."""

    section: str
    item: str
    quantity: int | None = None
    tons: float = 0.0
    power: float = 0.0
    cost: float = 0.0
    part: int | None = None  # index into design.parts; None for lines the hull itself makes
    kind: str = ""  # the rule (or "hull", "basic", "bulkheads", "craft")
    counts_tons: bool = True  # the Hull line shows the displacement but uses none of it
    hardpoints: int = 0
    gunners: int = 0
    weapons: tuple[str, ...] = ()
    ordnance: tuple[str, int] | None = None  # magazines: (kind, rounds)
    mount: str = ""  # turret, barbette, bay, battery, screen, spinal: who crews it
    multiple: int = 1  # a spinal mount's multiples: its damage dice x this (TRV-R35)


@dataclass
class Finding:
    code: str
    severity: str  # "error" | "warning"
    message: str
    part: int | None = None  # index into design.parts, for the line number


@dataclass
class Ship:
    design: TravellerDesign
    lines: list[Line] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    hull_points: int = 0
    hardpoints: int = 0
    firmpoints: bool = False
    thrust: int = 0
    jump: int = 0
    sensor_dm: int | None = None
    armour: int = 0

    @property
    def hull_tons(self) -> float:
        return self.design.hull.tons

    usable_tons: float = 0.0  # what parts may fill: the hull, less a planetoid's rock

    @property
    def tons_used(self) -> float:
        return sum(line.tons for line in self.lines if line.counts_tons)

    @property
    def output(self) -> float:
        return sum(line.power for line in self.lines if line.kind in ("plant", "solar"))

    @property
    def production_cost(self) -> float:
        return sum(line.cost for line in self.lines)

    @property
    def sale_price(self) -> float:
        return self.production_cost * (0.9 if self.design.design == "standard" else 1.0)

    def draw(self, kind: str) -> float:
        return sum(-line.power for line in self.lines if line.kind == kind)

    @property
    def basic_power(self) -> float:
        return sum(line.power for line in self.lines if line.kind == "basic")

    @property
    def power_demand(self) -> float:
        """Basic systems + the larger of M- and J-drive (never both at once) + everything else."""
        others = sum(-line.power for line in self.lines
                     if line.power < 0 and line.kind not in ("m_drive", "j_drive"))
        return self.basic_power + max(self.draw("m_drive"), self.draw("j_drive")) + others

    @property
    def hardpoints_used(self) -> int:
        return sum(line.hardpoints for line in self.lines)


def figures(value: float) -> str:
    """A figure as a person reads it: up to six decimals, no float noise, no trailing zeros."""
    text = f"{value:.6f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def power_figure(value: float) -> str:
    """Power as traveller counts it beside tons (half a Power from a fixed mount's ×0.75)."""
    return figure(value, "Power")


def ceil_to(value: float, step: float) -> float:
    """Round up to a multiple of step, forgiving float noise (22.000000000000004 is 22)."""
    return math.ceil(value / step - EPS) * step


class Deriver:
    """Derives one design's lines; collects findings instead of raising."""

    def __init__(self, design: TravellerDesign, catalog: TravellerCatalog) -> None:
        self.d = design
        self.c = catalog
        self.ship = Ship(design)
        self.hull = design.hull.tons
        self.drive_tons = design.hull.drives_for_tons or design.hull.tons
        self.cfg: Configuration | None = None
        self.usable = design.hull.tons
        self.options_cost = 1.0
        self.options_cost_no_ng = 1.0
        self.hp_factor = 1.0
        self.armour_cap_factor = 1.0
        self.basic_factor = 1.0
        self.lines_by_part: dict[int, list[Line]] = {}

    # --- findings --------------------------------------------------------------------------

    def error(self, code: str, message: str, part: int | None = None) -> None:
        self.ship.findings.append(Finding(code, "error", message, part))

    def warn(self, code: str, message: str, part: int | None = None) -> None:
        self.ship.findings.append(Finding(code, "warning", message, part))

    def check_tl(self, tl: int | None, what: str, i: int | None, delta: int = 0) -> None:
        if tl is not None and tl + delta > self.d.tl:
            self.error("tl.part", f"{what} needs TL {tl + delta}; the ship is TL {self.d.tl}", i)

    # --- the derivation --------------------------------------------------------------------

    def run(self) -> Ship:
        self.hull_lines()
        # these read other parts' lines (the sensor suite, the plant, the drives, every ton
        # used), so they come after them, in this order
        deferred = ("extended_arrays", "emergency_power", "fuel", "automation", "cargo_hold")
        entries: dict[int, PartEntry] = {}
        for i, part in enumerate(self.d.parts):
            entry = self.c.part(part.part)
            if entry is None:
                weapon = self.c.weapon(part.part)
                if weapon is not None:
                    self.error("weapon.unmounted", f"{weapon.name} needs a mount: list it under "
                               "the weapons of a turret or fixed mount", i)
                else:
                    self.error("part.unknown", f"no part {part.part!r} in the catalog", i)
                continue
            entries[i] = entry
            if entry.rule not in deferred:
                self.lines_by_part[i] = self.part_lines(i, part, entry)
        for rule in deferred:
            chosen = [i for i, entry in entries.items() if entry.rule == rule]
            # a hold of chosen tons before the one that takes whatever is left
            chosen.sort(key=lambda i: rule == "cargo_hold" and self.d.parts[i].tons is None)
            for i in chosen:
                self.lines_by_part[i] = self.part_lines(i, self.d.parts[i], entries[i])
        self.arrange()
        self.budgets_and_checks()
        return self.ship

    def hull_lines(self) -> None:
        h = self.d.hull
        cfg = self.c.configuration(h.configuration)
        if cfg is None:
            known = ", ".join(c.id for c in self.c.configurations)
            self.error("hull.configuration", f"no hull configuration {h.configuration!r} "
                       f"(one of: {known})")
            cfg = self.c.configurations[0]
        self.cfg = cfg
        self.usable = self.hull * cfg.usable
        self.ship.usable_tons = self.usable
        self.ship.armour += cfg.free_armour
        for opt_id in h.options:
            opt = self.c.option(opt_id)
            if opt is None:
                names_all = ", ".join(o.id for o in self.c.hull_options)
                self.error("hull.option", f"no hull option {opt_id!r} (one of: {names_all})")
                continue
            self.options_cost *= opt.cost
            if opt.id != "non_gravity" and opt.id != "pressure":
                self.options_cost_no_ng *= opt.cost
            self.hp_factor *= opt.hull_points
            self.armour_cap_factor *= opt.armour_cap
            self.basic_factor *= opt.basic_power
        f = self.c.hull
        cost = self.hull * f.cost_per_ton * cfg.cost * self.options_cost
        label = h.label or self.hull_label(cfg, h.options)
        self.ship.lines.append(Line("Hull", label, tons=self.hull, cost=cost, kind="hull",
                                    counts_tons=False))
        divisor = f.tons_per_hull_point
        for step in f.hull_point_divisors:
            if self.hull >= step.from_tons:
                divisor = step.divisor
        self.ship.hull_points = math.floor(self.hull * cfg.hull_points * self.hp_factor / divisor
                                           + EPS)
        basic = math.ceil(self.hull * f.basic_power_percent / 100 * self.basic_factor - EPS)
        self.ship.lines.append(Line("Hull", "Basic Ship Systems", power=basic, kind="basic",
                                    counts_tons=False))
        pressure = self.c.option("pressure")
        if "pressure" in h.options and pressure is not None:
            self.ship.armour = pressure.armour_rating
            self.ship.lines.append(Line("Hull", f"Armour: {pressure.armour_rating}",
                                        tons=self.hull * pressure.armour_tons_percent / 100,
                                        kind="pressure_armour"))
        hp = math.floor(self.hull / 100)
        if self.hull < 100:
            hp = 1 if self.hull < 35 else 2 if self.hull <= 70 else 3
            self.ship.firmpoints = True
        self.ship.hardpoints = hp

    def hull_label(self, cfg: Configuration, options: list[str]) -> str:
        prefix = "Light " if "light" in options else ""
        label = prefix + cfg.name
        if "reinforced" in options:
            label += ", Reinforced"
        if "pressure" in options:
            label += ", Pressure Hull"
        return label

    # --- customisation ---------------------------------------------------------------------

    def custom(self, part: Part, i: int) -> tuple[float, float, float, float, int]:
        """(cost x, tons x, power x, fuel delta, TL delta) of a part's customisation."""
        cz = part.customisation
        if cz is None:
            return 1.0, 1.0, 1.0, 0.0, 0
        grade = next((g for g in self.c.grades if g.id == cz.grade), None)
        if grade is None:
            names = ", ".join(g.id for g in self.c.grades)
            self.error("custom.grade", f"no customisation grade {cz.grade!r} (one of: {names})", i)
            return 1.0, 1.0, 1.0, 0.0, 0
        tons_delta, power, fuel, adv, dis = 0.0, 1.0, 0.0, 0, 0
        for mod_id in cz.modifications:
            mod = next((m for m in self.c.modifications if m.id == mod_id), None)
            if mod is None:
                names = ", ".join(m.id for m in self.c.modifications)
                self.error("custom.modification", f"no modification {mod_id!r} (one of: {names})",
                           i)
                continue
            tons_delta += mod.tons_delta
            jump = self.c.part(part.part)
            is_j = jump is not None and jump.rule == "j_drive"
            power *= mod.j_drive_power if is_j and mod.j_drive_power is not None else mod.power
            fuel += mod.fuel_delta
            adv += mod.advantage
            dis += mod.disadvantage
        if (adv, dis) != (grade.advantages, grade.disadvantages):
            self.error("custom.points", f"{grade.name} takes {grade.advantages} advantage and "
                       f"{grade.disadvantages} disadvantage points; these modifications give "
                       f"{adv} and {dis}", i)
        return grade.cost, grade.tons * (1 + tons_delta), power, fuel, grade.tl_delta

    # --- one part --------------------------------------------------------------------------

    def part_lines(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        method = getattr(self, "rule_" + e.rule)
        lines: list[Line] = method(i, p, e)
        for line in lines:
            line.power += 0.0  # a draw of nothing is 0, not -0
            line.part = i
            if not line.kind:
                line.kind = e.rule
        return lines

    def need(self, value: int | float | str | None, what: str, i: int, e: PartEntry) -> bool:
        if value is None:
            self.error("part.missing", f"{e.id} needs {what}", i)
            return False
        return True

    def qty(self, p: Part) -> int | None:
        return p.count if p.count > 1 else None

    def name(self, p: Part, e: PartEntry, **fields: object) -> str:
        if p.label:
            return p.label
        base = e.plural if (p.count > 1 and e.plural) else e.name
        return base.format(**fields) if fields else base

    def rule_armour(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        if not self.need(p.material, "a material", i, e) or not self.need(p.rating, "a rating "
                                                                          "(protection)", i, e):
            return []
        assert p.material is not None and p.rating is not None and self.cfg is not None
        mat = self.c.material(p.material)
        if mat is None:
            names = ", ".join(m.id for m in self.c.armour_materials)
            self.error("armour.material", f"no armour {p.material!r} (one of: {names})", i)
            return []
        self.check_tl(mat.tl, mat.name, i)
        tl = self.d.tl
        cap = min(tl, mat.cap.value) if mat.cap.kind == "min_tl" else tl + mat.cap.value
        cap = int(cap * self.armour_cap_factor)
        if p.rating > cap:
            self.error("armour.cap", f"{mat.name} armour {p.rating} is over its cap of {cap} at "
                       f"TL {self.d.tl}", i)
        size = 1.0
        for sf in self.c.armour_size_factors:
            if self.hull < sf.below_tons:
                size = sf.factor
                break
        tons = self.hull * mat.percent_per_point / 100 * p.rating * size * self.cfg.armour
        self.ship.armour += p.rating
        return [Line(e.section, self.name(p, e, material=mat.name, rating=p.rating), tons=tons,
                     cost=tons * mat.cost_per_ton)]

    def rule_hull_share(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        self.check_tl(e.tl, e.name, i)
        tons = self.hull * (e.tons_percent or 0) / 100
        cost = tons * (e.cost_per_ton or 0) + self.hull * (e.cost_per_hull_ton or 0)
        return [Line(e.section, self.name(p, e), tons=tons, cost=cost)]

    def rule_airlock(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        free = math.floor(self.hull / self.c.hull.free_airlock_per_tons)
        paid = max(0, p.count - free)
        tons = paid * (e.tons or 0)
        return [Line(e.section, self.name(p, e), self.qty(p), tons=tons,
                     cost=tons * (e.cost_per_ton or 0))]

    def rule_automation(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        assert self.cfg is not None
        basis = self.hull * self.c.hull.cost_per_ton * self.cfg.cost * self.options_cost_no_ng
        for line in self.all_lines():
            if line.kind in ("j_drive", "m_drive", "r_drive", "plant"):
                basis += line.cost
        return [Line(e.section, self.name(p, e), cost=basis * (e.automation or 0))]

    def drive_tl(self, e: PartEntry, rating: int, i: int, delta: int) -> None:
        table = e.tl_by_rating or []
        index = rating - 1 if e.rule == "j_drive" else rating
        if not 0 <= index < len(table):
            self.error("drive.rating", f"{e.id} has no rating {rating} (0..{len(table) - 1})", i)
            return
        self.check_tl(table[index], self.name(Part(part=e.id), e, rating=rating), i, delta)

    def sized_for(self) -> str:
        h = self.d.hull.drives_for_tons
        return f" ({h:g}t)" if h else ""

    def rule_j_drive(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        if not self.need(p.rating, "a rating (jump number)", i, e):
            return []
        assert p.rating is not None
        cost_x, tons_x, power_x, _, tl_delta = self.custom(p, i)
        r = p.rating
        self.drive_tl(e, r, i, tl_delta)
        # High Guard's 10-ton minimum (TRV-R06); no golden ship is small enough to meet it
        base = max(self.drive_tons * r * (e.tons_percent or 0) / 100 + (e.tons or 0), 10.0)
        power = math.ceil(self.drive_tons * r * (e.power_percent or 0) / 100 - EPS) * power_x
        self.ship.jump = max(self.ship.jump, r)
        label = self.name(p, e, rating=r) + ("" if p.label else self.sized_for())
        return [Line(e.section, label, tons=base * tons_x, power=-power,
                     cost=base * (e.cost_per_ton or 0) * cost_x)]

    def rule_m_drive(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        if not self.need(p.rating, "a rating (thrust)", i, e):
            return []
        assert p.rating is not None
        cost_x, tons_x, power_x, _, tl_delta = self.custom(p, i)
        r = p.rating
        self.drive_tl(e, r, i, tl_delta)
        if r == 0:
            base = self.drive_tons * (e.zero_tons_percent or 0) / 100
            power = math.ceil(self.drive_tons * (e.zero_power_percent or 0) / 100 - EPS)
        else:
            base = self.drive_tons * r * (e.tons_percent or 0) / 100
            power = math.ceil(self.drive_tons * r * (e.power_percent or 0) / 100 - EPS)
        self.ship.thrust = max(self.ship.thrust, r)
        label = self.name(p, e, rating=r) + ("" if p.label else self.sized_for())
        return [Line(e.section, label, tons=base * tons_x, power=-power * power_x,
                     cost=base * (e.cost_per_ton or 0) * cost_x)]

    def rule_r_drive(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        if not self.need(p.rating, "a rating (thrust)", i, e):
            return []
        assert p.rating is not None
        cost_x, tons_x, _, _, tl_delta = self.custom(p, i)
        self.drive_tl(e, p.rating, i, tl_delta)
        pct = (e.tons_percent or 0) * p.rating if p.rating else (e.zero_tons_percent or 0)
        base = self.hull * pct / 100
        if e.id == "r_drive":
            self.ship.thrust = max(self.ship.thrust, p.rating)
        return [Line(e.section, self.name(p, e, rating=p.rating), tons=base * tons_x,
                     cost=base * (e.cost_per_ton or 0) * cost_x)]

    def rule_plant(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        if not self.need(p.output, "an output (Power)", i, e):
            return []
        assert p.output is not None
        cost_x, tons_x, _, _, tl_delta = self.custom(p, i)
        self.check_tl(e.tl, e.name.format(output=p.output), i, tl_delta)
        # a Sterling plant is never smaller than its minimum, and is priced on that size
        base = max(p.output / (e.output_per_ton or 1), e.min_tons or 0.0)
        return [Line(e.section, self.name(p, e, output=p.output), tons=base * tons_x,
                     power=p.output, cost=base * (e.cost_per_ton or 0) * cost_x)]

    def rule_solar(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        if not self.need(p.output, "an output (Power)", i, e):
            return []
        assert p.output is not None
        self.check_tl(e.tl, e.name.format(output=p.output), i)
        tons = p.output / (e.output_per_ton or 1)
        return [Line(e.section, self.name(p, e, output=p.output), tons=tons, power=p.output,
                     cost=tons * (e.cost_per_ton or 0))]

    def plant(self) -> tuple[Line, PartEntry] | None:
        for i, lines in self.lines_by_part.items():
            for line in lines:
                if line.kind == "plant":
                    entry = self.c.part(self.d.parts[i].part)
                    assert entry is not None
                    return line, entry
        return None

    def rule_emergency_power(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        found = self.plant()
        if found is None:
            self.error("power.emergency", "an emergency power system needs a power plant", i)
            return []
        plant, _ = found
        share = e.plant_share or 0
        return [Line(e.section, self.name(p, e), tons=plant.tons * share, cost=plant.cost * share)]

    def raw_plant_fuel(self, weeks: int) -> tuple[float, float, int]:
        """(raw tons for the weeks, tons per fuel period, weeks per period) of the plant."""
        found = self.plant()
        if found is None:
            return 0.0, 0.0, 4
        plant, entry = found
        period = entry.fuel_weeks or 4
        per_period = plant.tons * (entry.fuel_percent or 0) / 100
        return per_period * weeks / period, per_period, period

    def rule_fuel(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        tons = 0.0
        words: list[str] = []
        if p.parsecs:
            # the J-drive's own customisation says whether it saves fuel (its findings are the
            # J-drive's line's, not repeated here)
            fuel_delta = 0.0
            for part in self.d.parts:
                entry = self.c.part(part.part)
                if entry is not None and entry.rule == "j_drive" and part.customisation:
                    fuel_delta += sum(mod.fuel_delta for mod_id in part.customisation.modifications
                                      if (mod := self.c.modifications.get(mod_id)) is not None)
            tons += self.drive_tons * (e.jump_percent or 0) / 100 * p.parsecs * (1 + fuel_delta)
            words.append(f"J-{p.parsecs}{self.sized_for()}")
        if p.weeks:
            raw, per_period, period = self.raw_plant_fuel(p.weeks)
            step = 0.1 if self.hull < 100 else 1.0
            plant_fuel = ceil_to(raw, step) if raw > 0 else 0.0
            tons += plant_fuel
            weeks = p.weeks
            if per_period > 0:
                weeks = max(p.weeks, period * math.floor(plant_fuel / per_period + EPS))
            words.append(f"{weeks} weeks of operation")
        for unit, amount, drive in (("minutes", p.minutes, "r_drive"),
                                    ("hours", p.hours, "high_burn_thruster")):
            if not amount:
                continue
            per_hour = 0.0
            for part in self.d.parts:
                entry = self.c.part(part.part)
                if entry is not None and entry.id == drive and part.rating:
                    per_hour += self.hull * (entry.fuel_percent_per_hour or 0) / 100 * part.rating
            if per_hour == 0:
                self.error("fuel.drive", f"{unit} of fuel need a {drive.replace('_', ' ')}", i)
            hours = amount / 60 if unit == "minutes" else amount
            tons += per_hour * hours
            if unit == "minutes":
                words.append(f"{amount} minutes of operation")
            else:
                words.append(f"{amount} hour{'s' if amount != 1 else ''} Thruster")
        label = p.label or ", ".join(words) or "Fuel"
        return [Line(e.section, label, tons=tons)]

    def rule_scoops(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        assert self.cfg is not None
        cost = 0.0 if self.cfg.streamlined == "yes" else (e.cost or 0)
        return [Line(e.section, self.name(p, e), cost=cost)]

    def rule_per_ton(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        if not self.need(p.tons, "tons", i, e):
            return []
        assert p.tons is not None
        self.check_tl(e.tl, e.name, i)
        tons = p.tons * p.count
        power = tons * (e.power_per_ton or 0) + (e.power or 0) * p.count
        per_day = f"{p.tons * (e.per_day_per_ton or 0):g}"
        return [Line(e.section, self.name(p, e, per_day=per_day), self.qty(p), tons=tons,
                     power=-power, cost=tons * (e.cost_per_ton or 0))]

    def rule_bridge(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        b = self.c.bridge
        index = next((k for k, s in enumerate(b.sizes) if self.hull <= s.up_to_tons),
                     len(b.sizes) - 1)
        if p.smaller:
            index = max(0, index - 1)
        tons = b.sizes[index].tons
        last = b.sizes[-1].up_to_tons
        if self.hull > last:
            tons += b.beyond_tons_per_100000 * math.ceil((self.hull - last) / 100_000 - EPS)
        cost = b.cost_per_100_tons * math.ceil(self.hull / 100 - EPS)
        if p.smaller:
            cost *= b.smaller_cost
        if p.holographic:
            cost *= b.holographic_cost
            self.check_tl(b.holographic_tl, "holographic controls", i)
        kind = "Holographic Controls" if p.holographic else "Bridge"
        label = ("Smaller " if p.smaller else "Standard " if not p.holographic else "") + kind
        return [Line(e.section, p.label or label, tons=tons, cost=cost)]

    def rule_unit(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        self.check_tl(e.tl, e.name, i)
        cost = (e.cost or 0) * p.count
        label = self.name(p, e)
        if p.holographic:
            cost *= self.c.bridge.holographic_cost
            label = p.label or "Holographic " + label
        if e.sensor_dm is not None:
            self.ship.sensor_dm = e.sensor_dm
        return [Line(e.section, label, self.qty(p), tons=(e.tons or 0) * p.count,
                     power=-(e.power or 0) * p.count, cost=cost)]

    def rule_computer(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        if not self.need(p.rating, "a rating", i, e):
            return []
        comp = next((c for c in self.c.computers if c.rating == p.rating), None)
        if comp is None:
            names = ", ".join(str(c.rating) for c in self.c.computers)
            self.error("computer.rating", f"no computer of rating {p.rating} (one of: {names})", i)
            return []
        self.check_tl(comp.tl, comp.name, i)
        opts = self.c.computer_options
        cost = comp.cost * (1 + (opts.bis if p.bis else 0) + (opts.fib if p.fib else 0))
        cost /= opts.retro_divisor ** p.retro
        label = ("Backup " if p.backup else "") + comp.name
        label += "/bis" if p.bis else ""
        label += "/fib" if p.fib else ""
        return [Line(e.section, p.label or label, cost=cost)]

    def rule_software(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        if not self.need(p.software, "a software id", i, e):
            return []
        assert p.software is not None
        sw = self.c.software_entry(p.software)
        if sw is None:
            names = ", ".join(s.id for s in self.c.software)
            self.error("software.unknown", f"no software {p.software!r} (one of: {names})", i)
            return []
        if isinstance(sw.cost, list):
            if p.rating is None:
                self.error("part.missing", f"{sw.name} needs a rating", i)
                return []
            k = p.rating - sw.from_rating
            if not 0 <= k < len(sw.cost):
                self.error("software.rating", f"{sw.name} has no rating {p.rating}", i)
                return []
            cost = sw.cost[k]
            tl = sw.tl[k] if isinstance(sw.tl, list) else sw.tl
            name = f"{sw.name} ({p.topic})" if sw.named and p.topic else sw.name
            label = f"{name}/{p.rating}"
        else:
            cost, label = sw.cost, sw.name
            tl = sw.tl if isinstance(sw.tl, int) else sw.tl[0]
        self.check_tl(tl, label, i)
        return [Line(e.section, p.label or label, cost=cost)]

    def rule_extended_arrays(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        suite: PartEntry | None = None
        for part in self.d.parts:
            entry = self.c.part(part.part)
            if entry is not None and entry.sensor_dm is not None:
                suite = entry
        if suite is None:
            self.error("sensors.arrays", "extended arrays need a sensor suite", i)
            return []
        return [Line(e.section, self.name(p, e), tons=(suite.tons or 0) * (e.tons_factor or 0),
                     power=-(suite.power or 0) * (e.power_factor or 0),
                     cost=(suite.cost or 0) * (e.cost_factor or 0))]

    def mount_weapons(self, i: int, p: Part, e: PartEntry, tl_delta: int
                      ) -> tuple[float, float, tuple[str, ...]]:
        """(weapon power, weapon cost before grade) of the weapons a mount carries."""
        if len(p.weapons) > (e.capacity or 0):
            self.error("weapon.capacity", f"a {e.name} carries at most {e.capacity} weapons, "
                       f"not {len(p.weapons)}", i)
        power = cost = 0.0
        for w_id in p.weapons:
            w = self.c.weapon(w_id)
            if w is None:
                names = ", ".join(x.id for x in self.c.weapons if x.power or x.cost)
                self.error("weapon.unknown", f"no turret weapon {w_id!r} (one of: {names})", i)
                continue
            self.check_tl(w.tl, w.name, i, tl_delta)
            power += w.power
            cost += w.cost
        return power, cost, tuple(p.weapons)

    def rule_fixed_mount(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        cost_x, _, power_x, _, tl_delta = self.custom(p, i)
        self.check_tl(e.tl, e.name, i)
        power, cost, weapons = self.mount_weapons(i, p, e, tl_delta)
        w = self.c.weapon(p.weapons[0]) if len(p.weapons) == 1 else None
        label = p.label or (w.name if w else e.name)
        draw = math.floor(power * power_x * (e.firmpoint_power or 1) + EPS)
        return [Line(e.section, label, self.qty(p), power=-draw * p.count,
                     cost=((e.cost or 0) + cost * cost_x) * p.count, hardpoints=p.count,
                     gunners=0, weapons=weapons)]

    def rule_turret(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        cost_x, _, power_x, _, tl_delta = self.custom(p, i)
        self.check_tl(e.tl, e.name, i)
        power, cost, weapons = self.mount_weapons(i, p, e, tl_delta)
        return [Line(e.section, self.name(p, e), self.qty(p), tons=(e.tons or 0) * p.count,
                     power=-((e.power or 0) + power * power_x) * p.count,
                     cost=((e.cost or 0) + cost * cost_x) * p.count,
                     hardpoints=(e.hardpoints or 0) * p.count, gunners=p.count,
                     weapons=weapons, mount="turret")]

    def rule_mount(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        cost_x, tons_x, power_x, _, tl_delta = self.custom(p, i)
        self.check_tl(e.tl, e.name, i, tl_delta)
        return [Line(e.section, self.name(p, e), self.qty(p), tons=(e.tons or 0) * tons_x * p.count,
                     power=-(e.power or 0) * power_x * p.count,
                     cost=(e.cost or 0) * cost_x * p.count,
                     hardpoints=(e.hardpoints or 0) * p.count,
                     gunners=(e.crew or 0) * p.count,
                     weapons=(e.weapon,) if e.weapon else (), mount=mount_kind(e))]

    def rule_spinal(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        step = p.rating or 0
        tons_steps, cost_steps = e.improvement_tons or [1], e.improvement_cost or [1]
        if step >= len(tons_steps):
            self.error("spinal.improvement", f"a spinal mount improves by at most "
                       f"{len(tons_steps) - 1} TL", i)
            step = 0
        self.check_tl(e.tl, e.name, i, step)
        # the data prices a spinal mount per multiple: N multiples are N times its tons, Power
        # and cost, and one attack of N times its dice (TRV-R35)
        multiple = p.multiple or 1
        each = (e.tons or 0) * tons_steps[step] * multiple
        tons = each * p.count
        label = p.label or (e.name + (f" ({multiple} multiples)" if multiple > 1 else "")
                            + (f" (TL{(e.tl or 0) + step})" if step else ""))
        if each > self.hull / 2:
            self.error("spinal.size", "a spinal mount may take at most half the hull", i)
        return [Line(e.section, label, self.qty(p), tons=tons,
                     power=-(e.power or 0) * multiple * p.count,
                     cost=(e.cost or 0) * cost_steps[step] * multiple * p.count,
                     hardpoints=math.ceil(each / 100 - EPS) * p.count, gunners=p.count,
                     weapons=(e.weapon,) if e.weapon else (), mount="spinal",
                     multiple=multiple)]

    def rule_magazine(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        if not self.need(p.rating, "a rating (rounds held)", i, e):
            return []
        assert p.rating is not None
        return [Line(e.section, self.name(p, e, count=p.rating), tons=p.rating / (e.per_ton or 1),
                     ordnance=(e.ordnance or "", p.rating))]

    def rule_docking(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        craft = self.c.craft_entry(p.craft) if p.craft else None
        if p.craft and craft is None:
            names = ", ".join(c.id for c in self.c.craft)
            self.error("craft.unknown", f"no craft {p.craft!r} (one of: {names})", i)
            return []
        craft_tons = craft.tons if craft else p.craft_tons
        if e.tons_factor is not None:
            if craft_tons is None:
                self.error("part.missing", f"{e.id} needs a craft or craft_tons", i)
                return []
            tons = ceil_to(craft_tons * e.tons_factor, 1.0)
            cost = tons * (e.cost_per_ton or 0)
        else:
            tons, cost = e.tons or 0, e.cost or 0
            if craft_tons is not None and e.max_craft_tons and craft_tons > e.max_craft_tons:
                self.error("craft.clamp", f"a {e.name} holds craft up to {e.max_craft_tons:g} t, "
                           f"not {craft_tons:g} t", i)
        fields = {"craft": craft.name if craft else "",
                  "craft_tons": f"{craft_tons:g}" if craft_tons else ""}
        if craft is None and e.name_by_tons and not p.label:
            label = e.name_by_tons.format(**fields)  # sized by tons: no craft to name
        else:
            label = self.name(p, e, **fields)
        lines = [Line(e.section, label, self.qty(p), tons=tons * p.count, cost=cost * p.count)]
        if craft:
            lines.append(Line(e.section, craft.name, self.qty(p), cost=craft.cost * p.count,
                              kind="vehicle" if craft.vehicle else "craft"))
        return lines

    def rule_low_berth(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        power = math.ceil(p.count / 10) * (e.power_per_ten or 0)
        return [Line(e.section, self.name(p, e), self.qty(p), tons=(e.tons or 0) * p.count,
                     power=-power, cost=(e.cost or 0) * p.count)]

    def rule_priced(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        if not self.need(p.cost_cr, "cost_cr (its price in credits)", i, e):
            return []
        assert p.cost_cr is not None
        cost = p.cost_cr / 1e6
        if e.min_cost is not None and e.max_cost is not None and not (
                e.min_cost - EPS <= cost <= e.max_cost + EPS):
            self.error("part.price", f"{e.name} costs Cr{e.min_cost * 1e6:,.0f} to "
                       f"Cr{e.max_cost * 1e6:,.0f}", i)
        return [Line(e.section, self.name(p, e), cost=cost)]

    def rule_rated(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        if not self.need(p.rating, "a rating", i, e):
            return []
        assert p.rating is not None
        tons = p.rating * (e.tons_per_rating or 0) * p.count
        return [Line(e.section, self.name(p, e, rating=p.rating), self.qty(p), tons=tons,
                     cost=tons * (e.cost_per_ton or 0))]

    def rule_crane(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        if not self.need(p.rating, "a rating (the tons of hold it serves)", i, e):
            return []
        assert p.rating is not None
        steps = math.ceil(p.rating / (e.per_rating or 1) - EPS)
        tons = (e.tons or 0) + (e.tons_per_rating or 0) * steps
        return [Line(e.section, self.name(p, e, rating=p.rating), self.qty(p), tons=tons * p.count,
                     cost=tons * (e.cost_per_ton or 0) * p.count)]

    def rule_container(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        if not self.need(p.rating, "a rating (tons held)", i, e):
            return []
        assert p.rating is not None
        tons = ceil_to(p.rating * (1 + (e.overhead or 0)), 1.0)
        return [Line(e.section, self.name(p, e, rating=p.rating), tons=tons,
                     cost=p.rating * (e.cost_per_ton or 0))]

    def rule_cargo_hold(self, i: int, p: Part, e: PartEntry) -> list[Line]:
        if p.tons is not None:
            return [Line(e.section, self.name(p, e), tons=p.tons)]
        if any(line.kind == "cargo_rest" for line in self.all_lines()):
            self.error("cargo.rest", "only one cargo hold may take the rest of the hull; give "
                       "the others their tons", i)
            return []
        used = sum(line.tons for line in self.all_lines() if line.counts_tons)
        used += self.bulkheads()[0]
        # never below nothing: a hull already full has an empty hold, and what the other parts
        # take beyond the hull is then tonnage.over, not a negative hold that hides it
        left = max(0.0, self.usable - used)
        if left < 1e-7:
            left = 0.0
        return [Line(e.section, self.name(p, e), tons=left, kind="cargo_rest")]

    # --- after the parts -------------------------------------------------------------------

    def all_lines(self) -> list[Line]:
        lines = list(self.ship.lines)
        for part_lines in self.lines_by_part.values():
            lines.extend(part_lines)
        return lines

    def bulkheads(self) -> tuple[float, float]:
        protected = 0.0
        for i, lines in self.lines_by_part.items():
            part = self.d.parts[i]
            if not part.armoured_bulkhead:
                continue
            for line in lines:
                if line.kind == "fuel":
                    protected += self.raw_plant_fuel(part.weeks or 0)[0]
                else:
                    protected += line.tons
        tons = protected * 0.1
        return tons, tons * 0.2

    def arrange(self) -> None:
        hull_head = list(self.ship.lines)
        by_section: dict[str, list[Line]] = {s: [] for s in SECTIONS}
        for i in sorted(self.lines_by_part):
            for line in self.lines_by_part[i]:
                by_section[line.section].append(line)
        tons, cost = self.bulkheads()
        if tons > 0:
            rows = by_section["Hull"]
            at = next((k for k, line in enumerate(rows)
                       if line.kind in ("airlock", "automation")
                       or self.d.parts[line.part or 0].part == "aerofins"), len(rows))
            rows.insert(at, Line("Hull", "Armoured Bulkheads", tons=tons, cost=cost,
                                 kind="bulkheads"))
        lines = hull_head + by_section.pop("Hull")
        for section in SECTIONS[1:]:
            lines.extend(by_section[section])
        self.ship.lines = lines

    def contenders(self) -> str:
        """What draws Power beyond the basic systems, by group, largest first (the M- and
        J-drive only the larger, since they never run together)."""
        s = self.ship
        groups: dict[str, float] = {}
        larger = "m_drive" if s.draw("m_drive") >= s.draw("j_drive") else "j_drive"
        for line in s.lines:
            if line.power >= 0 or (line.kind in ("m_drive", "j_drive") and line.kind != larger):
                continue
            groups[_group(line)] = groups.get(_group(line), 0.0) - line.power
        ranked = sorted(groups.items(), key=lambda kv: -kv[1])
        return ", ".join(f"{name} {amount:g}" for name, amount in ranked)

    def stated_checks(self) -> None:
        """A figure a design states is a check: it must agree with the derived one."""
        tolerance = {"tons": 0.005, "power": 1e-9, "cost": 0.0005}
        for i, lines in self.lines_by_part.items():
            part = self.d.parts[i]
            entry = self.c.part(part.part)
            derived = {"tons": sum(ln.tons for ln in lines), "power": sum(ln.power for ln in lines),
                       "cost": sum(ln.cost for ln in lines)}
            stated: dict[str, float | None] = dict(part.stated) if part.stated else {}
            if part.tons is not None and entry is not None and entry.rule not in (
                    "per_ton", "cargo_hold"):
                stated["tons"] = part.tons  # tons are no choice for this part: a check
            for key, value in stated.items():
                if value is not None and abs(derived[key] - value) > tolerance[key]:
                    name = lines[0].item if lines else part.part
                    self.error("stated.mismatch", f"{name}: {key} {figures(derived[key])} "
                               f"derived, {figures(value)} stated", i)
        if self.d.stated is None:
            return
        s = self.ship
        totals = {"hull_points": (s.hull_points, 0.0), "tons_used": (s.tons_used, 0.005),
                  "power_output": (s.output, 1e-9),
                  "production_cost": (s.production_cost, 0.0005),
                  "sale_price": (s.sale_price, 0.0005)}
        for key, value in dict(self.d.stated).items():
            figure, tol = totals[key]
            if value is not None and abs(figure - value) > tol:
                self.error("stated.mismatch", f"{key.replace('_', ' ')} {figures(figure)} "
                           f"derived, {figures(value)} stated")

    def budgets_and_checks(self) -> None:
        self.stated_checks()
        s = self.ship
        if s.tons_used > self.usable + 1e-6:
            room = (f"a {tons(self.hull)}-ton hull" if self.usable == self.hull else
                    f"the {tons(self.usable)} usable tons of a {tons(self.hull)}-ton hull")
            self.error("tonnage.over", f"parts use {tons(s.tons_used)} t of {room}: "
                       f"{tons(s.tons_used - self.usable)} t over")
        if s.hardpoints_used > s.hardpoints:
            self.error("hardpoints.over", f"mounts need {s.hardpoints_used} hardpoints; the hull "
                       f"has {s.hardpoints}")
        if s.power_demand > s.output + 1e-6:
            left = s.output - s.basic_power
            if left <= 0:
                detail = f"the basic systems alone need {power_figure(s.basic_power)}"
            else:
                detail = (f"{self.contenders()} compete for the {power_figure(left)} left after "
                          f"the basic systems' {power_figure(s.basic_power)}")
            self.warn("power.short", f"the plant gives {power_figure(s.output)} Power; "
                      f"everything at once needs {power_figure(s.power_demand)}: {detail}")
        has_bridge = any(line.kind == "bridge" for line in s.lines)
        if has_bridge and not any(line.kind == "airlock" for line in s.lines):
            self.warn("airlock.missing", "a ship with a bridge has no airlock")
        for i, part in enumerate(self.d.parts):
            entry = self.c.part(part.part)
            if entry is None:
                continue
            if part.weapons and entry.rule not in ("turret", "fixed_mount"):
                self.error("weapon.mount", f"{entry.name} is not a weapon mount; weapons go in a "
                           "turret or fixed mount", i)
        drives = [line for line in s.lines if line.kind in ("m_drive", "j_drive")]
        for line in drives:
            if line.tons > self.hull:
                self.error("drive.fit", f"{line.item} needs {tons(line.tons)} t; the hull is "
                           f"{tons(self.hull)} t", line.part)


def mount_kind(entry: PartEntry) -> str:
    """Who crews a mount: the crew table counts turrets, barbettes and screens one way, bays
    another (a bay brings its own crew) and point-defence batteries not at all."""
    if entry.section == "Screens":
        return "screen"
    if "barbette" in entry.id:
        return "barbette"
    if entry.id.endswith("_bay"):
        return "bay"
    return "battery" if entry.id.startswith("pd_") else ""


POWER_GROUPS = {"m_drive": "the M-drive", "j_drive": "the J-drive", "Sensors": "sensors",
                "Weapons": "weapons", "Screens": "screens", "Fuel": "the fuel processor",
                "Habitation": "habitation", "Systems": "ship's systems"}


def _group(line: Line) -> str:
    return POWER_GROUPS.get(line.kind) or POWER_GROUPS.get(line.section, line.section.lower())


def derive(design: TravellerDesign, catalog: TravellerCatalog) -> Ship:
    """The ship a design makes: its lines, Hull points, budgets and findings."""
    return Deriver(design, catalog).run()
