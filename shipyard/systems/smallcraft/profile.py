"""The derived profile of a smallcraft: what its cblocs add up to in play."""

from __future__ import annotations

from dataclasses import dataclass, field

from shipyard.systems.smallcraft.models import (
    Beam,
    Crew,
    Drive,
    JumpDrive,
    LaunchTubes,
    Missiles,
    Screens,
    Sensors,
    SmallcraftCatalog,
    SmallcraftDesign,
)
from shipyard.systems.smallcraft.rules import (
    Part,
    count,
    demand_of,
    drive_g,
    missile_tech,
    parts,
    power_supply,
)


@dataclass(frozen=True)
class MissileLoad:
    count: int
    move: int
    damage: int
    tech_level: int | None


@dataclass
class Profile:
    drives: list[tuple[str, int]] = field(default_factory=list)  # (facing, G)
    beams: list[tuple[str, str, int]] = field(default_factory=list)  # (mount, facing, dhits)
    screens: int = 0
    missiles: list[MissileLoad] = field(default_factory=list)
    launch_tubes: int = 0
    sensor_range: int = 0
    detection_range: int = 0
    beam_range: int = 0
    power_supply: int = 0
    peak_demand: int = 0
    crew: int = 0
    jump_drive: bool = False
    allocated: int = 0
    hull: int = 0


def derive(design: SmallcraftDesign, catalog: SmallcraftCatalog,
           built: list[Part] | None = None) -> Profile:
    built = built if built is not None else parts(design, catalog)
    p = Profile(hull=design.hull, beam_range=catalog.ranges.beam_dhexes,
                power_supply=power_supply(design, catalog))
    for part in built:
        c = part.component
        p.allocated += part.boxes
        p.peak_demand += demand_of(part)
        match c:
            case Drive():
                p.drives.append((c.facing, drive_g(design.hull, part.boxes,
                                                   catalog.construction)))
            case Beam():
                p.beams.append((c.mount, c.facing, c.cblocs))
            case Screens():
                p.screens += c.cblocs
            case Missiles():
                p.missiles.append(MissileLoad(c.cblocs * catalog.construction.missiles_per_cbloc,
                                              c.move, c.damage, missile_tech(c, design)))
            case LaunchTubes():
                p.launch_tubes += c.count
            case Sensors():
                p.sensor_range += c.range
            case Crew():
                p.crew += c.people
            case JumpDrive():
                p.jump_drive = True
    ranges = catalog.ranges
    p.detection_range = ranges.detection_dhexes + ranges.detection_per_sensor_dhex * p.sensor_range
    return p


def profile_rows(p: Profile) -> list[tuple[str, str]]:
    rows = [("Hull", f"{p.hull} cblocs ({p.allocated} allocated)")]
    rows += [(f"{facing.capitalize()} drive", f"{g}G") for facing, g in p.drives] or [
        ("Drives", "none")]
    rows += [(f"{mount.capitalize()} beam, {facing}",
              f"{count(dhits, 'dhit')}, range {count(p.beam_range, 'dhex')}")
             for mount, facing, dhits in p.beams]
    rows.append(("Screens", f"absorb up to {count(p.screens, 'dhit')}" if p.screens else "none"))
    for m in p.missiles:
        tech = f", tech {m.tech_level}" if m.tech_level is not None else ""
        rows.append(("Missiles", f"{m.count} (move {m.move}, damage {m.damage}{tech})"))
    if p.launch_tubes:
        rows.append(("Launch tubes", str(p.launch_tubes)))
    rows.append(("Sensor range", count(p.sensor_range, "dhex") if p.sensor_range else "none"))
    rows.append(("Detection range", count(p.detection_range, "dhex")))
    rows.append(("Power", f"supply {count(p.power_supply, 'cunit')}, peak demand "
                 f"{count(p.peak_demand, 'cunit')}"))
    rows.append(("Crew", str(p.crew)))
    if p.jump_drive:
        rows.append(("Jump drive", "yes (two 1-parsec jumps of fuel)"))
    return rows
