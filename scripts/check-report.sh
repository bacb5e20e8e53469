#!/usr/bin/env bash
# Checks a report.html as headless Chromium lays it out: every chart's text inside its picture and
# clear of other text, value labels clear of the whiskers, round ticks (1-2-5), one colour per name
# across the charts and none repeated within one, hollow marks named in their chart's legend,
# "µs/op" not "us/op", and the contents' links reaching their headings. The unit tests check the
# SVG the renderer writes (ReportChartsTest); this checks what a browser makes of it, with real font
# metrics, by hand: the build does not need a browser.
#
#   scripts/check-report.sh jmh-results/<run>[/report.html] [--screenshot out.png]
#
# Exit 0: no problem found; 1: problems, one a line; 2: could not run (no Chromium, no report).
# Needs Chromium (Debian: apt-get install chromium). Nothing is fetched: the page is a local copy
# with one script added at its end, which writes what it found into the page Chromium dumps.
set -euo pipefail
case ${1:-} in -h | --help) awk 'NR > 1 && !/^#/ {exit} NR > 1 {sub(/^# ?/, ""); print}' "$0"; exit 0 ;; esac

usage() { echo "usage: scripts/check-report.sh RUN_FOLDER|report.html [--screenshot OUT.png]" >&2; exit 2; }
[ $# -ge 1 ] || usage
report=$1
shift
[ -d "$report" ] && report=$report/report.html
[ -f "$report" ] || { echo "check-report: no such report: $report" >&2; exit 2; }
shot=""
while [ $# -gt 0 ]; do
  case $1 in
    --screenshot) [ $# -ge 2 ] || usage; shot=$2; shift 2 ;;
    *) echo "check-report: unknown option $1" >&2; exit 2 ;;
  esac
done
browser=""
for b in chromium chromium-browser google-chrome; do
  if command -v "$b" > /dev/null; then browser=$b; break; fi
done
[ -n "$browser" ] || { echo "check-report: no Chromium found (apt-get install chromium)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
page=$work/report.html
{
  sed 's#</body></html>##' "$report"
  cat <<'JS'
<pre id="wirebench-check"></pre><script>
(function () {
  var out = [], svgs = document.querySelectorAll('svg'), colourOf = {};
  function box(e) { var b = e.getBBox(); return {x: b.x, y: b.y, r: b.x + b.width, b: b.y + b.height}; }
  function overlap(a, b) { return a.x < b.r - 0.5 && b.x < a.r - 0.5 && a.y < b.b - 0.5 && b.y < a.b - 0.5; }
  function round125(v) { if (!(v > 0)) return false; var m = v / Math.pow(10, Math.floor(Math.log10(v) + 1e-9));
    return [1, 2, 5].some(function (k) { return Math.abs(m - k) < 1e-6; }); }
  function ticks(svg, cls) { return Array.from(svg.querySelectorAll('text.' + cls)).map(function (t) {
    return parseFloat(t.textContent.replace(/,/g, '')); }); }
  function roundTicks(name, ts) {
    if (ts.length < 2) { out.push(name + ': ' + ts.length + ' ticks'); return; }
    var step = ts[1] - ts[0], equal = ts.every(function (t, i) { return i == 0 || Math.abs(t - ts[i - 1] - step) < 1e-6 * step; });
    if (!(equal && round125(step)) && !ts.every(round125)) out.push(name + ': ticks not round: ' + ts.join(' '));
  }
  var text = Array.from(document.body.children).filter(function (e) { return e.tagName != 'SCRIPT'; })
    .map(function (e) { return e.textContent; }).join('\n');
  if (text.indexOf('us/op') >= 0) out.push('the page says us/op');
  svgs.forEach(function (svg) {
    var title = svg.getAttribute('aria-label'), vb = svg.viewBox.baseVal, texts = svg.querySelectorAll('text');
    texts.forEach(function (t, i) {
      var a = box(t);
      if (!t.getAttribute('transform') && (a.x < -0.5 || a.r > vb.width + 0.5 || a.b > vb.height + 0.5))
        out.push(title + ': text leaves the picture: ' + t.textContent);
      for (var j = i + 1; j < texts.length; j++)
        if (!t.getAttribute('transform') && !texts[j].getAttribute('transform') && overlap(a, box(texts[j])))
          out.push(title + ': texts overlap: "' + t.textContent + '" and "' + texts[j].textContent + '"');
    });
    var whiskerEnd = -1e9;
    svg.querySelectorAll('line[class^=whisker]').forEach(function (w) { whiskerEnd = Math.max(whiskerEnd, box(w).r); });
    svg.querySelectorAll('text.value').forEach(function (t) {
      if (box(t).x < whiskerEnd) out.push(title + ': value label within a whisker: ' + t.textContent);
    });
    roundTicks(title + ' x', ticks(svg, 'tick-x'));
    if (svg.querySelector('rect.plot')) roundTicks(title + ' y', ticks(svg, 'tick-y'));
    var here = {};
    svg.querySelectorAll('[data-name]:not(.legend)').forEach(function (e) {
      var hollow = e.classList.contains('flagged'), name = e.getAttribute('data-name');
      var c = hollow || e.tagName == 'path' ? e.getAttribute('stroke') : e.getAttribute('fill');
      if (hollow && e.getAttribute('fill') != '#fff') out.push(title + ': ' + name + ' flagged but not hollow');
      if (here[name] && here[name] != c) out.push(title + ': ' + name + ' in two colours');
      here[name] = c;
      if (colourOf[name] && colourOf[name] != c) out.push(title + ': ' + name + ' is ' + c + ', elsewhere ' + colourOf[name]);
      colourOf[name] = c;
    });
    var used = Object.values(here);
    if (new Set(used).size < used.length) out.push(title + ': two names share a colour');
    if (svg.querySelector('.flagged:not(.legend)') && !svg.querySelector('.legend.flagged'))
      out.push(title + ': hollow marks without a legend entry');
  });
  document.querySelectorAll('nav.contents a').forEach(function (a) {
    if (!document.getElementById(a.getAttribute('href').substring(1))) out.push('contents link to nowhere: ' + a.textContent);
  });
  var flagged = document.querySelectorAll('svg .flagged:not(.legend)').length;
  out.unshift('CHECKED ' + svgs.length + ' charts, ' + flagged + ' hollow marks, '
    + document.querySelectorAll('nav.contents a').length + ' contents links; page '
    + document.documentElement.scrollHeight + ' px tall');
  document.getElementById('wirebench-check').textContent = out.join('\n');
})();
</script></body></html>
JS
} > "$page"

flags=(--headless --no-sandbox --disable-gpu --hide-scrollbars --virtual-time-budget=10000)
"$browser" ${flags[@]+"${flags[@]}"} --dump-dom "file://$page" 2> "$work/chromium.log" > "$work/dom.html" || {
  echo "check-report: $browser failed:" >&2; tail -5 "$work/chromium.log" >&2; exit 2; }
result=$(perl -0777 -ne 'print $1 if /<pre id="wirebench-check">(.*?)<\/pre>/s' "$work/dom.html" \
  | sed -e 's/&quot;/"/g' -e 's/&lt;/</g' -e 's/&gt;/>/g' -e 's/&amp;/\&/g')
if ! grep -q '^CHECKED' <<< "$result"; then
  echo "check-report: the page's check did not run (see $browser's output)" >&2
  exit 2
fi
echo "$result"
if [ -n "$shot" ]; then
  height=$(sed -n 's/.*page \([0-9]*\) px tall.*/\1/p' <<< "$result")
  "$browser" ${flags[@]+"${flags[@]}"} --window-size=1100,"${height:-4000}" --screenshot="$shot" \
    "file://$(cd "$(dirname "$report")" && pwd)/$(basename "$report")" 2>> "$work/chromium.log" > /dev/null
  echo "screenshot: $shot"
fi
[ "$(wc -l <<< "$result")" -eq 1 ]
