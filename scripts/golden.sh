#!/usr/bin/env bash
# Regenerates the golden files of GoldenTest (keyplan-cli/src/test/golden/): every shipped example's
# check, emit, report and simulate output, as the code now prints it. Run it only for a change that
# alters output on purpose, commit the result on its own and explain every diff in the message
# (docs/golden.md). `git diff --stat keyplan-cli/src/test/golden` shows what moved.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# One reactor build: the CLI is tested against the modules built here, never against whatever
# keyplan-core another checkout last installed in ~/.m2.
mvn -q -B -ntp -pl keyplan-cli -am test -Dtest=GoldenTest -Dsurefire.failIfNoSpecifiedTests=false \
  -Dkeyplan.golden.update=true
git status --short keyplan-cli/src/test/golden | sed -n '1,40p'
