/// The python3 + selenium program that times a long page's first paint in headless Chromium:
/// from the navigation's start to the first frame after the first entry and its diff are in
/// the page, on the browser's own clock (`performance.now()`), then opens entry `#N` by its
/// anchor and checks that its diff shows. Prints `FIRST PAINT <ms>` and `ALL PASSED`.
enum FirstPaintDriver {
  static let script = #"""
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

PAGE, CHROMIUM, DRIVER, ENTRY = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])

options = Options()
options.binary_location = CHROMIUM
for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=1400,1000"]:
    options.add_argument(argument)
driver = webdriver.Chrome(options=options, service=Service(executable_path=DRIVER))
driver.set_page_load_timeout(120)
# Before the page's own script: notes the first frame after an entry and a diff are shown.
driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
  new MutationObserver(function (records, observer) {
    if (!document.querySelector('#timeline li.entry') ||
        !document.querySelector('#detail-body pre.diff')) return;
    observer.disconnect();
    requestAnimationFrame(function () {
      setTimeout(function () { window.dexFirstPaint = performance.now(); }, 0);
    });
  }).observe(document, { childList: true, subtree: true });
"""})


def wait_for(code, seconds=60):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = driver.execute_script(code)
        if value:
            return value
        time.sleep(0.05)
    return None


def fail(message):
    print(f"FAIL: {message}")
    driver.quit()
    sys.exit(1)


driver.get("file://" + PAGE)
painted = wait_for("return window.dexFirstPaint")
if painted is None:
    fail("the first entry and its diff never showed")
print(f"FIRST PAINT {painted:.0f}")
shown = driver.execute_script("return document.querySelectorAll('#timeline li.entry').length")
if shown > 500:
    fail(f"the timeline drew {shown} entries, not only those in sight")

driver.get("file://" + PAGE + f"#entry-{ENTRY}")
heading = wait_for(f"""const h = document.getElementById('detail-heading').textContent;
    return h.startsWith('#{ENTRY} ') && document.querySelector('#detail-body pre.diff') ? h : null""")
if heading is None:
    fail(f"#entry-{ENTRY} did not show entry {ENTRY}")
diff = driver.execute_script("return document.querySelector('#detail-body pre.diff').innerText")
row = driver.execute_script(f"""const li = document.getElementById('entry-{ENTRY}');
    if (!li) return null; const box = li.getBoundingClientRect();
    const list = document.getElementById('timeline').getBoundingClientRect();
    return box.top >= list.top - 1 && box.bottom <= list.bottom + 1""")
if not row:
    fail(f"entry {ENTRY} is not in sight in the timeline")
print(f"ENTRY {heading}\n{diff}")
driver.quit()
print("ALL PASSED")
"""#
}
