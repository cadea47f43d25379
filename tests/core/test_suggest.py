from shipyard.core.suggest import suggest


def test_a_close_name_is_offered() -> None:
    assert suggest("elte", ["elite", "crack"]) == "did you mean 'elite'?"


def test_a_far_name_lists_the_known_ones() -> None:
    assert suggest("zzz", ["elite", "crack"]) == "known: elite, crack"


def test_always_offers_the_nearest() -> None:
    assert suggest("zzz", ["elite"], always=True) == "did you mean 'elite'?"


def test_nothing_known() -> None:
    assert suggest("x", []) == "none are known"
