/// The python3 + selenium program `BrowserPageTests` runs: it opens a page `dex --html` wrote in
/// headless Chromium and checks it as a person would use it, printing `PASS …` per behaviour or
/// `FAIL: …` and a non-zero exit status. Kept as a string so the test target needs no resource
/// files.
enum BrowserPageDriver {
  static let script = #"""
"""Opens a dex session page in headless Chromium and uses it: where it opens, entries, diffs,
filter, keys, anchors, branches, and a failed run's page."""
import json
import os
import sys

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
except ImportError as error:
    print(f"FAIL: python3 cannot import selenium ({error}); pip install selenium")
    sys.exit(3)

PAGE, EXPECTED, ARTIFACTS, CHROMIUM, DRIVER = sys.argv[1:6]
LOG_COUNT = int(sys.argv[6])
BRANCHED_PAGE, BRANCHES = sys.argv[7], json.loads(sys.argv[8])
FAILED_PAGE = sys.argv[9]
URL = "file://" + PAGE


def fail(step, detail=""):
    print(f"FAIL: {step}\n{detail}")
    try:
        driver.save_screenshot(os.path.join(ARTIFACTS, "page-failure.png"))
    except Exception:
        pass
    driver.quit()
    sys.exit(1)


def check(condition, step, detail=""):
    if not condition:
        fail(step, detail)
    print(f"PASS {step}")


def expected(name):
    with open(os.path.join(EXPECTED, name), encoding="utf-8") as file:
        return file.read().rstrip("\n").split("\n")


def js(code, *arguments):
    return driver.execute_script(code, *arguments)


def shown_diff():
    return js("return document.querySelector('#detail-body pre.diff').innerText").rstrip("\n").split("\n")


def visible_entries():
    return js("""return [...document.querySelectorAll('#timeline li.entry')]
        .filter(li => getComputedStyle(li).display !== 'none').map(li => Number(li.id.slice(6)))""")


def current_entry():
    return js("""const pick = document.querySelector('.pick[aria-current="true"]');
        return pick ? Number(pick.parentElement.id.slice(6)) : null""")


def press(key):
    ActionChains(driver).send_keys(key).perform()


def open_fresh(page, width, height):
    """Opens `page` as a new tab would, in a window of that size."""
    driver.set_window_size(width, height)
    driver.get("about:blank")
    driver.get("file://" + page)


def in_viewport(selector):
    return js("""const box = document.querySelector(arguments[0]).getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight""", selector)


def check_opens_at_top(page, width, height, what, banner=False):
    """The page opens scrolled to its top, its header (and a failure's banner) in sight, and
    the current entry shown inside the timeline's own scrolling box."""
    open_fresh(page, width, height)
    size = f"{width}×{height}"
    scroll = js("return window.scrollY")
    check(scroll == 0, f"{what} opens at its top at {size}", f"scrollY {scroll}")
    check(in_viewport(".page-header h1"), f"{what}'s heading is in sight at {size}")
    if banner:
        check(in_viewport(".failures"), f"{what}'s banner 'The run failed' is in sight at {size}",
              str(js("const b = document.querySelector('.failures').getBoundingClientRect();"
                     "return [b.top, b.bottom, window.innerHeight]")))
    check(js("""const pick = document.querySelector('.pick[aria-current="true"]');
        const entry = pick.parentElement.getBoundingClientRect();
        const timeline = document.getElementById('timeline').getBoundingClientRect();
        return entry.top >= timeline.top - 1 && entry.bottom <= timeline.bottom + 1"""),
          f"{what} at {size} scrolls the timeline, not the page, to the current entry")


def set_filter(text):
    js("""const box = document.getElementById('filter'); box.value = arguments[0];
        box.dispatchEvent(new Event('input'))""", text)


options = Options()
options.binary_location = CHROMIUM
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1400,1000", "--force-device-scale-factor=1"]:
    options.add_argument(argument)
driver = webdriver.Chrome(options=options, service=Service(executable_path=DRIVER))
driver.set_page_load_timeout(30)

for width, height in ((1280, 900), (390, 844)):
    check_opens_at_top(PAGE, width, height, "the tour's page")
    check_opens_at_top(FAILED_PAGE, width, height, "a failed run's page", banner=True)
    if width == 1280:
        driver.save_screenshot(os.path.join(ARTIFACTS, "page-failed.png"))
    else:
        driver.save_screenshot(os.path.join(ARTIFACTS, "page-failed-narrow.png"))

# The screenshot of the page as it opens.
open_fresh(PAGE, 1400, 1000)
wide = os.path.join(ARTIFACTS, "page.png")
driver.save_screenshot(wide)
check(os.path.getsize(wide) > 10000, f"saved a screenshot: {wide}")

check(js("return document.documentElement.classList.contains('js')"), "the script ran")
check(js("return performance.getEntriesByType('resource').length") == 0,
      "the page loaded nothing besides itself")
check(len(visible_entries()) == LOG_COUNT,
      f"the timeline shows the {LOG_COUNT} entries 'log' lists", f"shown: {visible_entries()}")
check(js("return document.querySelectorAll('#timeline li.entry[id^=\"entry-\"]').length") == LOG_COUNT,
      "every entry is an element with id entry-N")
check(js("return [...document.querySelectorAll('.pick')].every(b => b.tagName === 'BUTTON')"),
      "entries are real buttons")
check(js("return document.querySelectorAll('h1').length === 1 && document.querySelectorAll('h2').length >= 4"),
      "the page has a heading and a heading per part")

for number in (2, 6, 7):
    driver.find_element(By.CSS_SELECTOR, f"#entry-{number} .pick").click()
    diff, want = shown_diff(), expected(f"diff-{number}.txt")
    check(current_entry() == number, f"clicking #{number} selects it")
    check([l for l in diff if l[:1] in "-+"] == [l for l in want if l[:1] in "-+"],
          f"#{number} shows the changed lines 'diff {number}' prints",
          "\n".join(diff[:40]) + "\n---\n" + "\n".join(want[:40]))
    check(diff == want, f"#{number} shows every line 'diff {number}' prints")
    check(js("return document.querySelector('#detail-body ul.tree details') !== null"),
          f"#{number} shows the state after it as a tree")

check(js("return [...document.querySelectorAll('#detail-body h4')].some(h => h.textContent.startsWith('@Shared('))"),
      "shared values have their own section")
driver.find_element(By.CSS_SELECTOR, "#entry-6 .pick").click()
folds = driver.find_elements(By.CSS_SELECTOR, "#detail-body button.fold")
check(len(folds) > 0, "unchanged runs are buttons")
before = len(shown_diff())
folds[0].click()
check(folds[0].get_attribute("aria-expanded") == "true" and len(shown_diff()) > before,
      "an unchanged run opens to the entries it stands for")
folds[0].click()
check(len(shown_diff()) == before, "and closes again")

set_filter("favoriteTapped")
check(visible_entries() == [7], "the filter finds an action", f"shown: {visible_entries()}")
check(driver.find_element(By.ID, "filter-count").text == f"1 of {LOG_COUNT} entries",
      "the filter says how many entries match")
set_filter("list.destination")
shown = visible_entries()
check(4 in shown and 9 in shown and 1 not in shown, "the filter finds a changed path", f"shown: {shown}")
set_filter("")
check(len(visible_entries()) == LOG_COUNT, "an empty filter shows every entry")

driver.find_element(By.CSS_SELECTOR, "#entry-3 .pick").click()
press("j")
check(current_entry() == 4, "j selects the next entry")
press("k")
press("k")
check(current_entry() == 2, "k selects the previous entry")
press("/")
check(js("return document.activeElement.id") == "filter", "/ moves the focus to the filter")
press(Keys.ESCAPE)
check(js("return document.activeElement.classList.contains('pick')"), "Escape goes back to the entry")
outline = js("const s = getComputedStyle(document.activeElement); return [s.outlineStyle, parseFloat(s.outlineWidth)]")
check(outline[0] != "none" and outline[1] >= 2, "the focused entry shows its focus", str(outline))

driver.get(URL + "#entry-5")
check(current_entry() == 5 and js("return location.hash") == "#entry-5",
      "following an anchor selects its entry")
driver.get("about:blank")
driver.get(URL + "#entry-8")
check(current_entry() == 8 and driver.find_element(By.ID, "detail-heading").text.startswith("#8 "),
      "opening the page at an anchor selects its entry")

for first, second in ((0, 9), (3, 7)):
    js("document.getElementById('compare-a').value = arguments[0];"
       "document.getElementById('compare-b').value = arguments[1]", str(first), str(second))
    driver.find_element(By.CSS_SELECTOR, "#compare button[type=submit]").click()
    diff, want = shown_diff(), expected(f"diff-{first}-{second}.txt")
    check(diff == want, f"compare #{first} to #{second} shows what 'diff {first} {second}' prints",
          "\n".join(diff[:40]) + "\n---\n" + "\n".join(want[:40]))

contrast = js("""
  function rgb(text) { const m = text.match(/[\\d.]+/g).map(Number); return m.length > 3 && m[3] === 0 ? null : m; }
  function luminance(c) { const [r, g, b] = c.slice(0, 3).map(v => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; }
  function background(e) { for (; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor);
    if (c) return c; } return [255, 255, 255]; }
  const worst = [];
  for (const e of document.querySelectorAll('body *')) {
    if (!e.offsetParent || ![...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    const a = luminance(rgb(getComputedStyle(e).color)), b = luminance(background(e));
    const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    if (ratio < 4.5) worst.push(e.tagName + '.' + e.className + ' ' + ratio.toFixed(2));
  }
  return worst;""")
check(contrast == [], "every text has a contrast of at least 4.5:1", str(contrast[:10]))

driver.set_window_size(420, 900)
check(js("return document.documentElement.scrollWidth <= window.innerWidth + 1"),
      "a narrow window needs no sideways scrolling",
      str(js("return [document.documentElement.scrollWidth, window.innerWidth]")))
driver.save_screenshot(os.path.join(ARTIFACTS, "page-narrow.png"))

driver.set_window_size(1400, 1000)
driver.get("file://" + BRANCHED_PAGE)
for number, entries in BRANCHES.items():
    driver.find_element(By.CSS_SELECTOR, f'[data-branch="{number}"]').click()
    check(visible_entries() == entries, f"branch {number} shows its entries {entries}",
          f"shown: {visible_entries()}")
    check(driver.find_element(By.CSS_SELECTOR, f'[data-branch="{number}"]').get_attribute("aria-pressed") == "true",
          f"branch {number}'s button is pressed")
last = list(BRANCHES.values())[-1]
other = next(n for entries in BRANCHES.values() for n in entries if n not in last)
driver.get("file://" + BRANCHED_PAGE + f"#entry-{other}")
check(current_entry() == other and other in visible_entries(),
      f"an anchor to #{other} on another branch shows that branch")

driver.quit()
print("ALL PASSED")
"""#
}
