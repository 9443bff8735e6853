"""Clock offsets from ping/pong samples, and tap times made possible."""

from engine.table.clock import ClockEstimate, Sample, clamp_tap


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
