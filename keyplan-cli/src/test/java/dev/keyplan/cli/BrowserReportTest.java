package dev.keyplan.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.UnhandledAlertException;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * {@code keyplan report}'s page as a person sees it: every readable example rendered by the real
 * CLI, opened in headless Chromium, checked for console messages, fetches, charts that draw and
 * tables that show their numbers, and photographed (target/screenshots/). docs/report.md, "Tested
 * in a browser".
 *
 * <p>The expectations come from the generated file itself (its marks, its rows), not from copies of
 * the output: the test asks whether the browser shows what keyplan wrote, for any inline SVG.
 *
 * <p>Debian's Chromium and ChromeDriver ({@code scripts/browser/chromium.sh install}); other paths
 * through {@code KEYPLAN_CHROMIUM} and {@code KEYPLAN_CHROMEDRIVER}. Without them every test is
 * skipped, saying why, except under CI, where the class fails: a CI run must never skip it
 * unnoticed.
 */
final class BrowserReportTest {
  /** One viewport for every page, so the screenshots compare from run to run. */
  private static final int WIDTH = 1280;

  private static final int HEIGHT = 900;

  /** Under the working directory (the repository root, see keyplan-cli/pom.xml). */
  private static final Path PAGES = Path.of("target", "browser");

  private static final Path SCREENSHOTS = Path.of("target", "screenshots");

  /**
   * The marks a chart draws with; a chart whose marks the browser drops or sizes at zero is broken.
   */
  private static final String MARKS = "path,line,polyline,rect,circle,text";

  /**
   * The same marks as start tags in the HTML text; the boundary keeps out textPath, linearGradient.
   */
  private static final Pattern MARK_TAG =
      Pattern.compile("<(path|line|polyline|rect|circle|text)[\\s/>]");

  /**
   * The marks that draw a line or an area and so must have an extent; text and dots are counted
   * only.
   */
  private static final String SIZED_MARKS = "path,line,rect,polyline";

  private static final Pattern SVG = Pattern.compile("<svg[\\s>].*?</svg>", Pattern.DOTALL);
  private static final Pattern PATTERN_TABLE =
      Pattern.compile("<table class=\"patterns\"[^>]*>(.*?)</table>", Pattern.DOTALL);
  private static final Pattern HEAD =
      Pattern.compile("<thead>.*?</thead>|<tfoot>.*?</tfoot>", Pattern.DOTALL);
  private static final Pattern ROW_TAG = Pattern.compile("<tr[\\s>]");

  private static final ObjectMapper JSON = new ObjectMapper();

  private static final String SCRIPT = "<script>alert(1)</script>";

  /** Set by the hostile model's injected code if any of it ever runs. */
  private static final String FLAG = "__keyplanInjected";

  /**
   * Selenium looks for a DevTools module matching the browser at every start and warns when there
   * is none. The test needs none: its one DevTools call goes through ChromeDriver
   * (executeCdpCommand). Held in a field, since java.util.logging keeps loggers only weakly.
   */
  private static final Logger CDP_VERSION_FINDER =
      Logger.getLogger("org.openqa.selenium.devtools.CdpVersionFinder");

  private static ChromeDriver driver;

  /** Why there is no browser, or null. */
  private static String missing;

  private static Path profile;
  private static long started;

  @BeforeAll
  static void startChromium() throws IOException {
    started = System.nanoTime();
    CDP_VERSION_FINDER.setLevel(Level.OFF);
    Path chromium = Path.of(env("KEYPLAN_CHROMIUM", "/usr/bin/chromium"));
    Path chromedriver = Path.of(env("KEYPLAN_CHROMEDRIVER", "/usr/bin/chromedriver"));
    for (Path p : List.of(chromium, chromedriver)) {
      if (!Files.isExecutable(p)) {
        String why =
            p
                + " is not there (install with scripts/browser/chromium.sh install, or set "
                + "KEYPLAN_CHROMIUM / KEYPLAN_CHROMEDRIVER)";
        if (System.getenv("CI") != null) {
          fail("CI is set but " + why + ": .ci/run must install Chromium for the browser test");
        }
        // Each test is skipped with this reason (an abort here would leave Surefire counting no
        // test
        // at all, and showing no reason); said once in the build's output too.
        missing = why;
        System.err.println("BrowserReportTest: skipped, " + why);
        return;
      }
    }
    Files.createDirectories(PAGES);
    Files.createDirectories(SCREENSHOTS);
    // A fresh profile each run: no cache, cookie or earlier page state carries over.
    profile =
        Files.createTempDirectory(Files.createDirectories(Path.of("target")), "chromium-profile-");

    // The driver and the binary are both given, so Selenium Manager has nothing to look up or fetch
    // (a download would fail on these machines anyway, after a long wait).
    ChromeDriverService service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(chromedriver.toFile())
            .usingAnyFreePort()
            .withLogFile(PAGES.resolve("chromedriver.log").toFile())
            .build();
    ChromeOptions options = new ChromeOptions();
    options.setBinary(chromium.toFile());
    // These machines reach no network but the package registries: without the background-networking
    // flags Chromium keeps trying Google's hosts at start, many connections at a time. CI runs as
    // root, where Chromium's sandbox does not start, hence --no-sandbox.
    options.addArguments(
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--user-data-dir=" + profile.toAbsolutePath(),
        "--window-size=" + WIDTH + "," + HEIGHT,
        // One device pixel per CSS pixel and no scroll bar, so a screenshot's size is the page's
        // size.
        "--force-device-scale-factor=1",
        "--hide-scrollbars");
    // Every console message of the page, and every request the page makes (ChromeDriver's
    // performance log carries DevTools' Network events), read back after each load with
    // manage().logs(). The Resource Timing API alone would not do: Chromium lists no file: fetches
    // in it.
    LoggingPreferences logs = new LoggingPreferences();
    logs.enable(LogType.BROWSER, Level.ALL);
    logs.enable(LogType.PERFORMANCE, Level.ALL);
    options.setCapability("goog:loggingPrefs", logs);
    options.setExperimentalOption(
        "perfLoggingPrefs", Map.of("enableNetwork", true, "enablePage", false));
    driver = new ChromeDriver(service, options);
  }

  @AfterAll
  static void quitChromium() throws IOException {
    if (driver != null) {
      String version = driver.getCapabilities().getBrowserVersion();
      driver.quit();
      // The time of the whole class, browser start included: the budget is under a minute on 2
      // cores.
      System.out.printf(
          Locale.ROOT,
          "BrowserReportTest: %.1f s with Chromium %s%n",
          (System.nanoTime() - started) / 1e9,
          version);
    }
    if (profile != null) {
      try (Stream<Path> files = Files.walk(profile)) {
        files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
      }
    }
  }

  static Stream<String> examples() throws IOException {
    List<Path> all = Examples.readable();
    // ReportCommandTest renders at least 20; far fewer would mean the list went wrong, not the
    // page.
    assertThat(all).hasSizeGreaterThanOrEqualTo(20);
    return all.stream().map(p -> p.getFileName().toString().replaceFirst("\\.yaml$", ""));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("examples")
  void example_loadsDrawsAndShowsItsNumbers(String example) throws IOException {
    Assumptions.assumeTrue(missing == null, () -> missing);
    Path page = report("examples/" + example + ".yaml", example);
    String html = Files.readString(page, StandardCharsets.UTF_8);
    open(page);

    assertThat(js("return document.readyState")).isEqualTo("complete");
    // The model's name as check reads it, in the title and the header.
    String name = Examples.check(example).get("model").asText();
    assertThat(driver.getTitle()).as(example).contains(name);
    assertThat((String) js("return document.querySelector('header h1').innerText"))
        .as(example)
        .isEqualTo(name);

    assertThat(consoleProblems()).as(example + ": console").isEmpty();
    assertThat(js("return performance.getEntriesByType('resource').map(e => e.name)"))
        .as(example + ": the page fetched something besides itself")
        .asInstanceOf(InstanceOfAssertFactories.LIST)
        .isEmpty();
    assertThat(requests())
        .as(example + ": requests made while loading")
        .containsOnly(page.toAbsolutePath().toUri().toString());

    charts(example, html);
    tables(example, html);
    screenshot(example);
  }

  /**
   * The three seed-004 scenarios with their simulations ({@code report --simulate}): the line
   * charts load, draw every mark the file has, and fetch nothing, like the check's charts.
   */
  @ParameterizedTest(name = "{0} --simulate")
  @ValueSource(strings = {"discord-general", "flash-sale-provisioned", "tenants-mongodb"})
  void simulatedExample_loadsAndDrawsItsRuns(String example) throws IOException {
    Assumptions.assumeTrue(missing == null, () -> missing);
    Path page = PAGES.resolve(example + "-simulate.html");
    var run =
        CliRun.of(
            "report",
            "examples/" + example + ".yaml",
            "--simulate",
            "--duration",
            "2h",
            "-o",
            page.toString());
    assertThat(run.exitCode()).as(example + ": " + run.err()).isZero();
    String html = Files.readString(page, StandardCharsets.UTF_8);
    assertThat(html).contains("<section id=\"simulation\">");
    open(page);
    assertThat(consoleProblems()).as(example + ": console").isEmpty();
    assertThat(requests())
        .as(example + ": requests made while loading")
        .containsOnly(page.toAbsolutePath().toUri().toString());
    assertThat(
            ((Number) js("return document.querySelectorAll('#simulation svg').length")).intValue())
        .as(example + ": simulation charts")
        .isPositive();
    charts(example, html);
    screenshot(example + "-simulate");
  }

  /**
   * The hostile model of HtmlReportTest, plus an {@code <img onerror>}: loaded in the browser, none
   * of it runs, no element is made of it, and the names show as the literal text. The hostile
   * strings are in the model's name, pattern ids and says:, which may hold any text; entity names
   * are identifiers (the model reader refuses others: docs/model.md, "Names").
   */
  @Test
  void hostileModel_staysText_inTheBrowser() throws IOException {
    Assumptions.assumeTrue(missing == null, () -> missing);
    Path model = PAGES.resolve("hostile.yaml");
    Files.writeString(
        model,
        """
        model: "<script>alert(1)</script> & \\"co\\""
        horizon: 1y
        entities:
          Thing:
            attributes:
              id: uuid
              body: {type: text, size: 20B}
            key: [id]
            count: 1M
            growth: 1/s
          Other:
            attributes:
              id: uuid
            key: [id]
            count: 10
        patterns:
          - id: "<script>alert(1)</script>'\\"&"
            says: "<img src=x onerror=\\"window.%1$s=1;alert(2)\\"> 'quoted' \\"double\\" & more"
            rate: 10/s
            query: Thing where id = ?
          - id: "<img src=x onerror=window.%1$s=2>"
            says: "<script>window.%1$s=3</script><svg onload=window.%1$s=4>"
            rate: 1/s
            query: Thing where id = ?
        mongodb:
          collections:
            things:
              entity: Thing
        """
            .formatted(FLAG),
        StandardCharsets.UTF_8);
    Path page = report(model.toString(), "hostile");
    String html = Files.readString(page, StandardCharsets.UTF_8);
    open(page);

    assertThat(js("return document.scripts.length")).isEqualTo(0L);
    assertThat(js("return document.images.length + document.querySelectorAll('img').length"))
        .isEqualTo(0L);
    // Only keyplan's own charts are svg elements; the model's <svg onload> would be one more.
    assertThat(js("return document.querySelectorAll('svg').length"))
        .isEqualTo(Pattern.compile("<svg[\\s>]").matcher(html).results().count());
    assertThat(
            js(
                "return [...document.querySelectorAll('*')].flatMap(e => [...e.attributes])"
                    + ".filter(a => a.name.startsWith('on')).map(a => a.name)"))
        .as("event handler attributes")
        .asInstanceOf(InstanceOfAssertFactories.LIST)
        .isEmpty();
    assertThat(js("return typeof window." + FLAG)).isEqualTo("undefined");
    assertThat(requests())
        .as("requests made while loading")
        .containsOnly(page.toAbsolutePath().toUri().toString());

    assertThat(driver.getTitle()).contains(SCRIPT);
    assertThat((String) js("return document.querySelector('header h1').innerText"))
        .isEqualTo(SCRIPT + " & \"co\"");
    @SuppressWarnings("unchecked")
    List<String> cells =
        (List<String>)
            js(
                "return [...document.querySelectorAll('table.patterns td, table.workload-patterns td')].map(td => td.innerText)");
    assertThat(cells)
        .contains(
            SCRIPT + "'\"&",
            "<img src=x onerror=window." + FLAG + "=2>",
            "<img src=x onerror=\"window." + FLAG + "=1;alert(2)\"> 'quoted' \"double\" & more",
            "<script>window." + FLAG + "=3</script><svg onload=window." + FLAG + "=4>");
    assertThat(consoleProblems()).isEmpty();
    // Names like these go into chart titles and data- attributes too: the page must still draw.
    charts("hostile", html);
    tables("hostile", html);
    screenshot("hostile");
  }

  /** Runs the real CLI: {@code keyplan report MODEL -o target/browser/NAME.html}. */
  private static Path report(String model, String name) {
    Path out = PAGES.resolve(name + ".html");
    var run = CliRun.of("report", model, "-o", out.toString());
    assertThat(run.exitCode()).as(name + ": " + run.err()).isZero();
    return out;
  }

  /**
   * Loads the page. An alert raised by the page (injected code) fails here, whichever way
   * ChromeDriver reports it; the console is drained first so that its messages are this page's
   * alone.
   */
  private static void open(Path page) {
    driver.manage().logs().get(LogType.BROWSER);
    driver.manage().logs().get(LogType.PERFORMANCE);
    String url = page.toAbsolutePath().toUri().toString();
    try {
      driver.get(url);
      String alert = driver.switchTo().alert().getText();
      driver.switchTo().alert().dismiss();
      fail(page + " raised an alert: " + alert);
    } catch (NoAlertPresentException expected) {
      // No dialog: nothing on the page ran.
    } catch (UnhandledAlertException e) {
      fail(page + " raised an alert: " + e.getAlertText());
    }
    assertThat(driver.getCurrentUrl()).isEqualTo(url);
  }

  /**
   * The URLs of the requests since the last call: DevTools' Network.requestWillBeSent, as logged.
   */
  private static List<String> requests() throws IOException {
    List<String> out = new ArrayList<>();
    for (LogEntry e : driver.manage().logs().get(LogType.PERFORMANCE)) {
      JsonNode event = JSON.readTree(e.getMessage()).path("message");
      if (event.path("method").asText().equals("Network.requestWillBeSent")) {
        out.add(event.path("params").path("request").path("url").asText());
      }
    }
    return out;
  }

  /** The console messages at WARNING or above: a page with no script should write none. */
  private static List<String> consoleProblems() {
    List<String> out = new ArrayList<>();
    for (LogEntry e : driver.manage().logs().get(LogType.BROWSER)) {
      if (e.getLevel().intValue() >= Level.WARNING.intValue()) {
        out.add(e.getLevel() + " " + e.getMessage());
      }
    }
    return out;
  }

  /**
   * Every inline SVG, in document order: the browser holds as many marks as the file wrote (none
   * dropped by a parse error, none added), every line-like mark has an extent, and the chart takes
   * room on screen.
   */
  @SuppressWarnings("unchecked")
  private static void charts(String example, String html) {
    List<Long> written = new ArrayList<>();
    Matcher svg = SVG.matcher(html);
    while (svg.find()) {
      written.add(MARK_TAG.matcher(svg.group()).results().count());
    }
    List<Map<String, Object>> drawn =
        (List<Map<String, Object>>)
            js(
                """
        return [...document.querySelectorAll('svg')].map(svg => {
          const r = svg.getBoundingClientRect();
          return {
            marks: svg.querySelectorAll(arguments[0]).length,
            flat: [...svg.querySelectorAll(arguments[1])].filter(m => {
              const b = m.getBBox();
              return !(b.width > 0 || b.height > 0);
            }).map(m => m.outerHTML.slice(0, 120)),
            width: r.width,
            height: r.height,
          };
        })""",
                MARKS,
                SIZED_MARKS);
    assertThat(drawn).as(example + ": charts in the page").hasSameSizeAs(written);
    for (int i = 0; i < drawn.size(); i++) {
      Map<String, Object> c = drawn.get(i);
      String which = example + ": chart " + (i + 1) + " of " + drawn.size();
      assertThat((Long) c.get("marks"))
          .as(which + ": marks in the DOM vs in the HTML")
          .isEqualTo(written.get(i));
      assertThat((List<String>) c.get("flat"))
          .as(which + ": marks with an empty bounding box")
          .isEmpty();
      assertThat(((Number) c.get("width")).doubleValue())
          .as(which + ": width on screen")
          .isPositive();
      assertThat(((Number) c.get("height")).doubleValue())
          .as(which + ": height on screen")
          .isPositive();
    }
  }

  /** Every patterns table keeps the file's body rows, and every number cell shows text. */
  @SuppressWarnings("unchecked")
  private static void tables(String example, String html) {
    List<Long> written = new ArrayList<>();
    Matcher t = PATTERN_TABLE.matcher(html);
    while (t.find()) {
      written.add(ROW_TAG.matcher(HEAD.matcher(t.group(1)).replaceAll("")).results().count());
    }
    List<Long> shown =
        (List<Long>)
            js(
                """
        return [...document.querySelectorAll('table.patterns')]
          .map(t => [...t.tBodies].reduce((n, b) => n + b.rows.length, 0))""");
    assertThat(shown).as(example + ": body rows of each patterns table").isEqualTo(written);
    // innerText alone is not enough: on a cell that is not rendered it falls back to the text
    // content.
    // So the cell must also be visible and its text must take room on screen.
    List<String> blank =
        (List<String>)
            js(
                """
        return [...document.querySelectorAll('td[data-value]')].filter(td => {
          const text = document.createRange();
          text.selectNodeContents(td);
          const b = text.getBoundingClientRect();
          return td.innerText.trim() === ''
            || !td.checkVisibility({visibilityProperty: true, opacityProperty: true})
            || !(b.width > 0 && b.height > 0);
        }).map(td => td.closest('tr').outerHTML.slice(0, 160))""");
    assertThat(blank).as(example + ": number cells with no visible text").isEmpty();
    assertThat((Long) js("return document.querySelectorAll('td[data-value]').length"))
        .as(example + ": number cells")
        .isEqualTo(Pattern.compile("<td[^>]* data-value=").matcher(html).results().count());
  }

  /**
   * The whole page, beyond the viewport, as a PNG in target/screenshots/: Chrome DevTools'
   * Page.captureScreenshot through ChromeDriver, which needs no DevTools module of Selenium's.
   */
  private static void screenshot(String name) throws IOException {
    long pageWidth = (Long) js("return document.documentElement.scrollWidth");
    long pageHeight = (Long) js("return document.documentElement.scrollHeight");
    Map<String, Object> shot =
        driver.executeCdpCommand(
            "Page.captureScreenshot",
            Map.of("format", "png", "captureBeyondViewport", true, "fromSurface", true));
    byte[] png = Base64.getDecoder().decode((String) shot.get("data"));
    Path file = SCREENSHOTS.resolve(name + ".png");
    Files.write(file, png);

    assertThat(png)
        .as(file + ": PNG signature")
        .startsWith(0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n');
    // IHDR, the first chunk: width and height as big-endian ints at bytes 16 and 20.
    ByteBuffer ihdr = ByteBuffer.wrap(png, 16, 8);
    long width = ihdr.getInt();
    long height = ihdr.getInt();
    assertThat(width)
        .as(file + ": width, the whole page")
        .isEqualTo(pageWidth)
        .isGreaterThanOrEqualTo(WIDTH);
    assertThat(height)
        .as(file + ": height, the whole page")
        .isEqualTo(pageHeight)
        .isGreaterThanOrEqualTo(HEIGHT);
    // A page of text and charts compresses well, but not to nothing: a blank capture is a few KB.
    assertThat(png.length).as(file + ": bytes").isGreaterThan(20_000);
  }

  private static Object js(String script, Object... args) {
    return driver.executeScript(script, args);
  }

  private static String env(String name, String fallback) {
    String v = System.getenv(name);
    return v == null || v.isBlank() ? fallback : v;
  }
}
