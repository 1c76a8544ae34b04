#!/usr/bin/env bash
# shellcheck source-path=SCRIPTDIR
# Debian's Chromium and ChromeDriver for the browser test of `keyplan report` (BrowserReportTest).
#
#   chromium.sh install   install packages chromium and chromium-driver with apt-get when either
#                         executable is missing (as root); nothing to do when both are there
#   chromium.sh check     exit 0 and the versions when both are there, exit 3 when not
#
# Settings (optional), read by BrowserReportTest too:
#   KEYPLAN_CHROMIUM       the browser binary        (default /usr/bin/chromium)
#   KEYPLAN_CHROMEDRIVER   the ChromeDriver binary   (default /usr/bin/chromedriver)
# A browser or driver that a test tool downloads by itself cannot be fetched on these machines,
# so the test only ever runs these two, and this script only ever installs Debian's packages.
# docs/report.md ("Tested in a browser") explains the test.
set -euo pipefail

# shellcheck disable=SC2034  # read by lib.sh
ENGINE=chromium
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../engines/lib.sh
source "$here/../engines/lib.sh"

chromium=${KEYPLAN_CHROMIUM:-/usr/bin/chromium}
chromedriver=${KEYPLAN_CHROMEDRIVER:-/usr/bin/chromedriver}
# Where the Debian packages put them: installing only helps when these are the paths wanted.
debian_chromium=/usr/bin/chromium
debian_chromedriver=/usr/bin/chromedriver

present() { [[ -x "$chromium" && -x "$chromedriver" ]]; }

# "Chromium 156.0.8078.114 built on …" -> 156.0.8078.114. Debian's launcher prints shell noise
# on stderr on some machines (its /etc/chromium.d/dev-shm test), so stderr is dropped here.
version_of() {
  "$1" --version 2>/dev/null | grep -oE '[0-9]+(\.[0-9]+){3}' | head -n 1
}

# Prints both versions; fails when either binary does not answer, or when their major versions
# differ: ChromeDriver drives only the Chromium of its own major version, and the mismatch would
# otherwise show up as a session that cannot be created, in the middle of `mvn verify`.
versions() {
  local browser driver
  browser=$(version_of "$chromium") || true
  driver=$(version_of "$chromedriver") || true
  [[ -n "$browser" ]] || die "$chromium does not answer --version (KEYPLAN_CHROMIUM)"
  [[ -n "$driver" ]] || die "$chromedriver does not answer --version (KEYPLAN_CHROMEDRIVER)"
  echo "chromium $browser ($chromium), chromedriver $driver ($chromedriver)"
  [[ "${browser%%.*}" == "${driver%%.*}" ]] \
    || die "chromium $browser and chromedriver $driver differ in major version;" \
      "install both from one source (apt-get install chromium chromium-driver)"
}

install() {
  if present; then
    log "present: nothing to install"
    versions
    return
  fi
  # A path moved elsewhere is the user's own build: the packages would not put anything there.
  if [[ ! -x "$chromium" && "$chromium" != "$debian_chromium" ]]; then
    die "KEYPLAN_CHROMIUM is '$chromium', which is not an executable; unset it to use Debian's $debian_chromium"
  fi
  if [[ ! -x "$chromedriver" && "$chromedriver" != "$debian_chromedriver" ]]; then
    die "KEYPLAN_CHROMEDRIVER is '$chromedriver', which is not an executable;" \
      "unset it to use Debian's $debian_chromedriver"
  fi
  command -v apt-get >/dev/null || die "apt-get not found: install Chromium and ChromeDriver by hand," \
    "then point KEYPLAN_CHROMIUM and KEYPLAN_CHROMEDRIVER at them"
  ((EUID == 0)) || die "installing chromium and chromium-driver needs root (apt-get); run as root or install them"
  local t0
  t0=$(now_ms)
  log "installing Debian's chromium and chromium-driver"
  # A fresh machine may have no package lists at all, so update once first. Both packages in one
  # command: chromium-driver depends on the exact chromium version, so apt picks a matching pair.
  # The lock timeout waits out a dpkg run still going at boot instead of failing at once.
  # Output goes to a file and is shown only on failure.
  # No question may wait for an answer: CI has no standard input.
  export DEBIAN_FRONTEND=noninteractive
  local aptlog
  aptlog=$(mktemp)
  if ! { apt-get -o DPkg::Lock::Timeout=300 update \
      && apt-get -o DPkg::Lock::Timeout=300 install -y chromium chromium-driver; } >"$aptlog" 2>&1; then
    tail -n 40 "$aptlog" >&2
    die "apt-get could not install chromium and chromium-driver; its log is $aptlog"
  fi
  rm -f "$aptlog"
  present || die "apt-get succeeded but $chromium or $chromedriver is still missing"
  log "installed in $(($(now_ms) - t0)) ms"
  versions
}

check() {
  if ! present; then
    log "missing: ${chromium} or ${chromedriver} (run scripts/browser/chromium.sh install)"
    exit 3
  fi
  versions
}

case "${1:-}" in
  install) install ;;
  check) check ;;
  *)
    echo "usage: $0 install|check" >&2
    exit 2
    ;;
esac
