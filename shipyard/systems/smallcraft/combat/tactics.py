"""The rules of a dturn that both engines share, and the default pilot's decisions.

Every function takes an array namespace `xp` and works on one fight (plain numbers) or on many
at once (NumPy arrays): the narrated engine and the batch engine call the same code, so they
cannot drift apart in what a craft can do or what the default pilot decides.

A craft's changing state arrives as plain sequences: `alive[row]` surviving boxes of each sheet
row (a turret's mount counted in its row), `mounts[i]` 1 while beam i's turret mount survives,
`missiles[i]` missiles left in missile row i, and its kinematics as a `Kin`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from shipyard.systems.smallcraft.combat import hexes
from shipyard.systems.smallcraft.combat.craft import BeamRow, Spec
from shipyard.systems.smallcraft.models import PilotTable

FLEE = 1000.0  # "as hard as the drives allow": a velocity change no drive reaches


@dataclass
class Kin:
    """Where a craft is, how it moves and where it faces (numbers or arrays). Its hex, speed
    and float views are worked out once and kept: movement is over when they are asked for."""

    a: Any
    b: Any
    c: Any
    d: Any
    va: Any
    vb: Any
    vc: Any
    vd: Any
    facing: Any
    _cache: dict[str, Any] = field(default_factory=dict, init=False, repr=False)

    def xy(self, xp: Any) -> tuple[Any, Any]:
        if "xy" not in self._cache:
            self._cache["xy"] = hexes.to_xy(xp, self.a, self.b, self.c, self.d)
        return self._cache["xy"]  # type: ignore[no-any-return]

    def vxy(self, xp: Any) -> tuple[Any, Any]:
        if "vxy" not in self._cache:
            self._cache["vxy"] = hexes.to_xy(xp, self.va, self.vb, self.vc, self.vd)
        return self._cache["vxy"]  # type: ignore[no-any-return]

    def hex(self, xp: Any) -> tuple[Any, Any]:
        """The hex it is in, exactly (on an edge: the hex to the right, or the upper one)."""
        if "hex" not in self._cache:
            self._cache["hex"] = hexes.nearest_hex(xp, self.a, self.b, self.c, self.d)
        return self._cache["hex"]  # type: ignore[no-any-return]

    def speed(self, xp: Any) -> Any:
        """Its movement in whole dhexes/dturn: the hex length of its velocity, exactly; a
        velocity ending on a hex edge counts the nearer hex (1.41 dhexes is 1, not 2)."""
        if "speed" not in self._cache:
            q, r = hexes.nearest_hex(xp, self.va, self.vb, self.vc, self.vd, shortest=True)
            self._cache["speed"] = hexes.hex_distance(xp, q, r)
        return self._cache["speed"]


# --- what damage leaves a craft ----------------------------------------------------------


def weapon_boxes(spec: Spec, beam: BeamRow, alive: Any, mount: Any) -> Any:
    return alive[beam.row] - mount if beam.turret else alive[beam.row]


def beam_dhits(xp: Any, spec: Spec, beam: BeamRow, alive: Any, mount: Any, power: Any) -> Any:
    """dhits a beam deals at its surviving cblocs and the power it was given: a turret's
    mount, while it lasts, takes the first cunit (R5)."""
    usable = power - mount if beam.turret else power
    return xp.maximum(0, xp.minimum(weapon_boxes(spec, beam, alive, mount), usable))


def drive_g(xp: Any, spec: Spec, row: int, alive: Any, power: Any) -> Any:
    return xp.take(spec.g_of, xp.minimum(alive[row], power))


def supply(spec: Spec, alive: Any) -> Any:
    total = 0
    for row in spec.power:
        total = total + alive[row]
    return total * spec.power_per_cbloc


def sum_rows(xp: Any, rows: tuple[int, ...], alive: Any, power: Any | None = None) -> Any:
    total = 0
    for row in rows:
        total = total + (alive[row] if power is None else xp.minimum(alive[row], power[row]))
    return total


def detection(xp: Any, spec: Spec, alive: Any, power: Any) -> Any:
    """Detection range: 20 dhexes plus twice the sensors' working range."""
    return spec.detection + spec.per_sensor * sum_rows(xp, spec.sensors, alive, power)


def armed(xp: Any, spec: Spec, alive: Any, mounts: Any, missiles: Any) -> Any:
    """A weapon it can fire (R8): a beam with a weapon cbloc left and the power to fire it (a
    turret's mount takes the first cunit), or a missile, a tube and a cunit to fire it. Power
    is what its surviving power boxes give (a loss takes effect next dturn)."""
    out: Any = False
    cunits = supply(spec, alive)
    for i, beam in enumerate(spec.beams):
        if beam.aim is not None:
            need = 1 + mounts[i] if beam.turret else 1
            out = out | ((weapon_boxes(spec, beam, alive, mounts[i]) > 0) & (cunits >= need))
    if spec.tubes:
        left: Any = 0
        for count in missiles:
            left = left + count
        out = out | ((sum_rows(xp, spec.tubes, alive) > 0) & (left > 0) & (cunits >= 1))
    return out


def mobile(xp: Any, spec: Spec, alive: Any) -> Any:
    """A drive that acts in 2D with the boxes and the power for 1G at least."""
    out: Any = False
    cunits = supply(spec, alive)
    for drive in spec.drives:
        if drive.push is not None:
            out = out | (xp.take(spec.g_of, xp.minimum(alive[drive.row], cunits)) > 0)
    return out


def broke_contact(xp: Any, a: Kin, b: Kin, a_before: Kin, b_before: Kin,
                  a_unseen: Any) -> Any:
    """Which craft broke contact (R8), 0 for A and 1 for B: the one whose own movement this
    dturn opened the range more (the range had it alone moved, against the range before). On
    a tie, the one its foe can no longer see (`a_unseen`: A is beyond B's detection)."""
    (qa, ra), (qb, rb) = a.hex(xp), b.hex(xp)
    (pa, sa), (pb, sb) = a_before.hex(xp), b_before.hex(xp)
    before = hexes.hex_distance(xp, pb - pa, sb - sa)
    a_opened = hexes.hex_distance(xp, pb - qa, sb - ra) - before
    b_opened = hexes.hex_distance(xp, qb - pa, rb - sa) - before
    return xp.where(a_opened == b_opened, xp.where(a_unseen, 0, 1),
                    xp.where(a_opened > b_opened, 0, 1))


def missile_step(xp: Any, move: Any, flown: Any, reach: int) -> Any:
    """How far a missile reaches this dPhase 5: its move, but no further than the dhexes left
    of the reach of craft weaponry (15), counted from its launcher (it appears 1 dhex out)."""
    return xp.minimum(move, reach - flown)


# --- geometry of a shot ------------------------------------------------------------------


def arc(xp: Any, beam: BeamRow, facing_before: Any, turned: Any, mount: Any) -> tuple[Any, Any]:
    """The arc a beam covered this dturn, as (first 15° step, width in 15° steps): a fixed
    beam's 30° wedge, or a turret's 30° either side of its aim, swept through the turn (the
    craft may have fired part-way through it)."""
    half = 1 + mount if beam.turret else 1
    start = facing_before + (beam.aim or 0)
    low_clock = xp.where(turned >= 0, start + turned, start)  # clockwise is down in angle
    width = 2 * xp.abs(turned) + 2 * half
    return xp.wrap(hexes.angle15(low_clock) - half, 24), width


def bears(xp: Any, beam: BeamRow, facing_before: Any, turned: Any, mount: Any, dq: Any,
          dr: Any, code: Any = None) -> Any:
    low, width = arc(xp, beam, facing_before, turned, mount)
    return hexes.in_arc(xp, low, width, dq, dr, code)


def target_moving(xp: Any, transverse: bool, target: Kin, dq: Any, dr: Any) -> Any:
    """The target's movement that counts against the gunner, in whole dhexes/dturn: all of
    it, or (optional rule 1) only its part across the line of fire, to the nearest whole dhex
    (a half rounds down, as R1 rounds)."""
    full = target.speed(xp)
    if not transverse:
        return full
    # 4 × (velocity × line of fire) = A + B√3, and the line's squared length L is a whole number
    va, vb, vc, vd = (xp.int_(v) for v in (target.va, target.vb, target.vc, target.vd))
    u = dq + 2 * dr
    big_a = va * u - 3 * vd * dq
    big_b = vb * u - vc * dq
    length2 = dq * dq + dq * dr + dr * dr
    # a float first guess n of |A + B√3| / (4√L), then made exact: n is right when
    # n − ½ < across <= n + ½, i.e. (2n − 1)²·4L < (A + B√3)² <= (2n + 1)²·4L
    safe = xp.where(length2 > 0, length2, 1)
    guess = xp.floor(xp.abs(big_a + big_b * hexes.S3) / (4.0 * xp.sqrt(safe * 1.0)) + 0.5)
    n = xp.maximum(guess, 0)
    for _ in range(2):  # the guess is at most one out
        high = _sign_square_minus(xp, big_a, big_b, (2 * n + 1) * (2 * n + 1) * 4 * safe)
        n = xp.where(high > 0, n + 1, n)
        low = _sign_square_minus(xp, big_a, big_b, (2 * n - 1) * (2 * n - 1) * 4 * safe)
        n = xp.where((low <= 0) & (n > 0), n - 1, n)
    return xp.where(length2 > 0, n, full)


def _sign_square_minus(xp: Any, p: Any, s: Any, k: Any) -> Any:
    """The sign of (p + s√3)² − k = (p² + 3s² − k) + 2ps√3, in whole numbers."""
    return hexes.sign_q3(xp, p * p + 3 * s * s - k, 2 * p * s)


# --- the default pilot -------------------------------------------------------------------


def _clip(xp: Any, x: Any, low: Any, high: Any) -> Any:
    return xp.minimum(xp.maximum(x, low), high)


def launches(xp: Any, spec: Spec, params: PilotTable, own: Kin, foe: Kin, missiles: Any,
             tubes: Any, slack: Any = 0) -> list[Any]:
    """Missiles to launch from each missile row: only at a target within the reach of craft
    weaponry that they can catch (faster than it moves) within the pilot's horizon, as many as
    the tubes take. `slack`: dhexes the range may yet close before the launch (dPhase 1 plans
    for dPhase 6, after both craft have moved)."""
    if not spec.missiles or not spec.tubes:
        return [0] * len(spec.missiles)
    oq, or_ = own.hex(xp)
    fq, fr = foe.hex(xp)
    distance = hexes.hex_distance(xp, fq - oq, fr - or_)
    moving = foe.speed(xp)
    room = tubes
    out = []
    for i, m in enumerate(spec.missiles):
        good = ((m.move > moving) & (distance <= 1 + m.move * params.missile_horizon)
                & (distance <= spec.reach + slack))
        n = xp.where(good, xp.minimum(missiles[i], room), 0)
        room = room - n
        out.append(n)
    return out


@dataclass
class Plan:
    power: list[Any]  # cunits for each sheet row
    thrust: list[Any]  # G from each drive, in spec.drives order
    launch: list[Any]  # missiles from each missile row, as planned at dphase 1


def plan(xp: Any, spec: Spec, params: PilotTable, own: Kin, foe: Kin, alive: Any,
         mounts: Any, missiles: Any, own_armed: Any, foe_armed: Any) -> Plan:
    """dPhase 1: power for the beams, then the screens, the tubes a launch needs, the drives
    for this dturn's burn, and the sensors with what is left.

    The burn: keep the foe at the standoff range, closing on it at a speed in proportion to
    the distance still to go, matched to its velocity; with no weapon left, flee; a foe with
    no weapon left is not chased (at these speeds the chase is hopeless: −5% a dhex/dturn).
    """
    power: list[Any] = [0] * len(spec.rows)
    left = supply(spec, alive)
    for beam in spec.beams:
        if beam.aim is not None:
            give = xp.minimum(alive[beam.row], left)
            power[beam.row] = give
            left = left - give
    for row in spec.screens:
        give = xp.minimum(alive[row], left)
        power[row] = give
        left = left - give
    launch = launches(xp, spec, params, own, foe, missiles,
                      xp.minimum(sum_rows(xp, spec.tubes, alive), left),
                      own.speed(xp) + foe.speed(xp))
    wanted: Any = 0
    for n in launch:
        wanted = wanted + n
    for row in spec.tubes:
        give = xp.minimum(xp.minimum(alive[row], wanted), left)
        power[row] = give
        left = left - give
        wanted = wanted - give

    ox, oy = own.xy(xp)
    fx, fy = foe.xy(xp)
    rx, ry = fx - ox, fy - oy
    dist = xp.sqrt(rx * rx + ry * ry)
    safe = xp.where(dist > 0, dist, 1.0)
    ux = xp.where(dist > 0, rx / safe, xp.take(hexes.UNIT_X, own.facing))
    uy = xp.where(dist > 0, ry / safe, xp.take(hexes.UNIT_Y, own.facing))
    closing = _clip(xp, (dist - params.standoff) * params.closing_gain, -params.max_closing,
                    params.max_closing)
    vx, vy = own.vxy(xp)
    wx, wy = foe.vxy(xp)
    fight = own_armed
    chase = fight & foe_armed  # a disarmed foe is let go, and shot at while it stays in range
    dvx = xp.where(chase, wx + ux * closing - vx, xp.where(fight, 0.0, -ux * FLEE))
    dvy = xp.where(chase, wy + uy * closing - vy, xp.where(fight, 0.0, -uy * FLEE))
    thrust = []
    for drive in spec.drives:
        if drive.push is None:
            thrust.append(0)
            continue
        kx = xp.take(hexes.ROTATED_X[drive.push], own.facing)
        ky = xp.take(hexes.ROTATED_Y[drive.push], own.facing)
        most = xp.take(spec.g_of, xp.minimum(alive[drive.row], left))
        # nearest whole G, a half rounded down: a half-G wish fires nothing
        g = _clip(xp, -xp.floor(0.5 - (dvx * kx + dvy * ky)), 0, most)
        cost = xp.take(spec.cost_of, g)
        power[drive.row] = cost
        left = left - cost
        dvx = dvx - g * kx
        dvy = dvy - g * ky
        thrust.append(g)
    for row in spec.sensors:
        give = xp.minimum(alive[row], left)
        power[row] = give
        left = left - give
    return Plan(power, thrust, launch)


def turn(xp: Any, spec: Spec, own: Kin, foe: Kin, alive: Any, mounts: Any,
         fight: Any, code: Any = None) -> Any:
    """dPhase 3: up to 60° toward pointing the best working beam at the foe; with no weapon
    left (`fight` false), toward putting the strongest drive's push away from it."""
    oq, or_ = own.hex(xp)
    fq, fr = foe.hex(xp)
    toward = hexes.bearing(xp, fq - oq, fr - or_, own.facing, code)
    aim: Any = 0
    chosen: Any = False
    for beam in spec.main_beams():
        i = spec.beams.index(beam)
        works = weapon_boxes(spec, beam, alive, mounts[i]) > 0
        aim = xp.where(chosen, aim, xp.where(works, beam.aim, aim))
        chosen = chosen | works
    strongest = spec.strongest_drive()
    push = strongest.push if strongest is not None else 0
    want = xp.wrap(xp.where(fight, toward - aim, toward + 6 - (push or 0)), 12)
    delta = xp.wrap(want - own.facing + 6, 12) - 6
    return _clip(xp, delta, -2, 2)
