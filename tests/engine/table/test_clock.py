"""Clock offsets from ping/pong samples, and tap times made possible."""

import pytest

from engine.table.clock import (
    BEST,
    CREDIT_MARGIN,
    REACTION,
    ClockEstimate,
    Sample,
    clamp_tap,
    supported_by_answer,
)


def test_it_computes_the_ntp_offset_and_delay_of_a_sample():
    # Server 100 s ahead, 40 ms each way, 2 ms inside the server.
    s = Sample(t0=1.000, t1=101.040, t2=101.042, t3=1.082)
    assert round(s.offset, 6) == 100.0 and round(s.delay, 6) == 0.080


def test_it_keeps_the_lowest_delay_samples():
    est = ClockEstimate(keep=16, best=3)
    for _ in range(3):
        est.add(Sample(0.0, 100.01, 100.01, 0.02))  # fair: offset 100
    est.add(Sample(0.0, 100.25, 100.25, 0.30))  # slow way out: offset 100.1, delay 0.3
    assert round(est.offset, 6) == 100.0
    assert round(est.delay, 6) == 0.02


def test_it_forgets_samples_older_than_the_last_ones_kept():
    est = ClockEstimate(keep=2, best=1)
    est.add(Sample(0.0, 50.0, 50.0, 0.0))  # the best one, but the oldest
    est.add(Sample(0.0, 10.0, 10.0, 0.2))
    est.add(Sample(0.0, 20.0, 20.0, 0.1))
    assert len(est) == 2 and round(est.offset, 6) == 19.95


def test_it_refuses_an_impossible_sample():
    est = ClockEstimate()
    assert not est.add(Sample(t0=5.0, t1=1.0, t2=1.0, t3=4.0))  # received before sent
    assert est.offset == 0.0 and len(est) == 0


def test_it_converts_a_phone_time_to_server_time():
    est = ClockEstimate()
    est.add(Sample(0.0, 100.01, 100.01, 0.02))
    assert round(est.to_server(3.0), 6) == 103.0


def test_it_clamps_a_tap_to_the_window_and_the_arrival():
    assert clamp_tap(5.0, opened=10.0, arrived=11.0) == 10.0
    assert clamp_tap(15.0, opened=10.0, arrived=11.0) == 11.0
    assert clamp_tap(10.5, opened=10.0, arrived=11.0) == 10.5
    assert clamp_tap(None, opened=10.0, arrived=11.0) == 11.0
    assert clamp_tap(float("nan"), opened=10.0, arrived=11.0) == 11.0


def test_a_phone_sitting_on_its_clock_reports_earns_no_credit_for_it():
    """Issue 21: the server measured 170 ms one way; the phone's own stamps say 20 ms."""
    estimate = ClockEstimate()
    for i in range(8):
        start = 10.0 * i
        estimate.add(Sample(start, start + 0.020, start + 0.020, start + 0.040), returned_at=start + 0.360)
    assert estimate.one_way == pytest.approx(0.020)
    assert estimate.credit(0.150) == pytest.approx(0.020 + CREDIT_MARGIN)


def test_the_credit_rests_on_the_fastest_round_trips_of_the_sockets_life():
    estimate = ClockEstimate()
    trips = [0.100, 0.040, 0.300, 0.050, 0.060, 0.400, 0.500]  # one way a fast network, then slow samples
    for i, trip in enumerate(trips):
        start = 10.0 * i
        estimate.add(Sample(start, start + trip / 2, start + trip / 2, start + trip), returned_at=start + 1.5 * trip)
    assert estimate.one_way == pytest.approx(sorted(trips)[BEST - 1] / 2)


def test_a_claims_own_timing_bounds_its_credit():
    estimate = ClockEstimate()
    estimate.add(Sample(0.0, 0.2, 0.2, 0.4), returned_at=0.4)  # 200 ms away, on paper
    most = supported_by_answer(arrived=100.25, sent=100.0)  # yet its claim came back 250 ms after the card
    assert most == pytest.approx((0.25 - REACTION) / 2)
    assert estimate.credited_tap(0.0, 100.25, cap=0.5, most=most) == (pytest.approx(100.25 - most), True)
    assert supported_by_answer(100.25, None) is None
