"""Export a game as JSON and CSV from its sheet, import the JSON back: the same totals."""

from pathlib import Path

from playwright.sync_api import Page, expect
from pytest_django.live_server_helper import LiveServer

from scorekeeper.models import Game
from tests.factories import make_game


def totals_on(page: Page) -> list[str]:
    return [t.strip() for t in page.locator(".totals td").all_inner_texts()]


def test_it_exports_then_imports_a_game_with_the_same_totals(live_server: LiveServer, page: Page,
                                                            artifacts: Path, tmp_path: Path):
    original = make_game("dutch", ["Ana", "Ben", "Chloé"], rounds=[
        {"announcer": "Ana", "hands": {"Ana": ["AS", "2S"], "Ben": ["QS", "KS"], "Chloé": 40}},
        {"hands": {"Ana": 30, "Ben": 80, "Chloé": 12}},
    ])
    page.goto(live_server.url + original.get_absolute_url())
    before = totals_on(page)

    with page.expect_download() as json_download:
        page.get_by_role("link", name="Export JSON").tap()
    exported = tmp_path / json_download.value.suggested_filename
    json_download.value.save_as(exported)
    with page.expect_download() as csv_download:
        page.get_by_role("link", name="Export CSV").tap()
    csv_file = tmp_path / csv_download.value.suggested_filename
    csv_download.value.save_as(csv_file)

    assert exported.name == f"marque-carte-dutch-{original.pk}.json"
    assert '"Chloé"' in exported.read_text(encoding="utf-8")
    assert csv_file.read_bytes().startswith(b"\xef\xbb\xbf")
    assert csv_file.read_text(encoding="utf-8-sig").splitlines()[2] == "2;30;33;80;112;12;52"

    page.goto(live_server.url + "/games/import/")
    page.get_by_label("Fichier JSON").set_input_files(exported)
    page.screenshot(path=artifacts / "import-form.png", full_page=True)
    page.get_by_role("button", name="Importer").tap()
    page.wait_for_url(lambda url: "/import/" not in url)

    copy = Game.objects.exclude(pk=original.pk).get()
    assert page.url == live_server.url + copy.get_absolute_url()
    assert totals_on(page) == before
    assert copy.totals == original.totals
    page.screenshot(path=artifacts / "import-done-sheet.png", full_page=True)


def test_it_lists_the_problems_of_a_bad_record_beside_the_field(live_server: LiveServer, page: Page,
                                                                artifacts: Path):
    page.goto(live_server.url + "/games/import/")

    page.get_by_label("ou collez le JSON ici").fill(
        '{"format": 1, "variant": "tamalou", "players": ["Ana", ""], "rounds": [], "couleur": 1}')
    page.get_by_role("button", name="Importer").tap()

    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("Rien n'a été importé")
    expect(alert.locator("li")).to_have_count(2)
    expect(page.get_by_label("ou collez le JSON ici")).to_have_value(
        '{"format": 1, "variant": "tamalou", "players": ["Ana", ""], "rounds": [], "couleur": 1}')
    assert not Game.objects.exists()
    page.screenshot(path=artifacts / "import-errors.png", full_page=True)
