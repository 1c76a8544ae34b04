package dev.keyplan.report;

/** The report's style sheet, inlined into the page so it renders the same offline. */
final class HtmlStyle {
  private HtmlStyle() {}

  // System fonts only: a web font would be a network fetch.
  static final String CSS =
      """
      :root { --ink: #1f2328; --muted: #656d76; --line: #d0d7de; --bg: #f6f8fa;
        --error: #cf222e; --warning: #9a6700; --info: #0969da; --busiest: #cf222e; --typical: #0969da; }
      * { box-sizing: border-box; }
      body { margin: 0; color: var(--ink); background: #fff;
        font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; }
      main { max-width: 1080px; margin: 0 auto; padding: 24px 32px 48px; }
      header { border-bottom: 1px solid var(--line); padding-bottom: 12px; margin-bottom: 8px; }
      h1 { font-size: 26px; margin: 0 0 4px; }
      h2 { font-size: 20px; margin: 32px 0 8px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
      h3 { font-size: 15px; margin: 20px 0 6px; }
      .meta, .note, footer { color: var(--muted); }
      footer { margin-top: 40px; font-size: 12px; }
      nav { margin-top: 8px; font-size: 13px; } nav a { color: var(--info); text-decoration: none; }
      .badge { display: inline-block; padding: 2px 10px; border-radius: 12px; font-weight: 600;
        font-size: 12px; color: #fff; margin-right: 4px; }
      .badge.error { background: var(--error); } .badge.warning { background: var(--warning); }
      .badge.info { background: var(--info); }
      table { border-collapse: collapse; width: 100%; margin: 4px 0 12px; font-size: 13px; }
      th, td { text-align: left; padding: 5px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
      th { background: var(--bg); font-weight: 600; white-space: nowrap; }
      th.num { text-align: right; }
      td { overflow-wrap: anywhere; }
      td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
      tr.total td { font-weight: 600; }
      figure.sizing { margin: 12px 0 20px; padding: 10px 12px; border: 1px solid var(--line); border-radius: 6px; }
      figcaption { margin-bottom: 6px; }
      svg.chart { max-width: 100%; height: auto; font-size: 11px; }
      svg .grid { stroke: #eaeef2; } svg .axis { stroke: var(--muted); }
      svg .tick { fill: var(--muted); }
      svg .series { fill: none; stroke-width: 2.5; }
      svg .series.typical { stroke: var(--typical); } svg .series.busiest { stroke: var(--busiest); }
      svg .series-label.typical { fill: var(--typical); } svg .series-label.busiest { fill: var(--busiest); }
      svg .limit { stroke-width: 1.5; stroke-dasharray: 6 4; }
      svg .limit.guideline { stroke: var(--warning); } svg .limit.warning { stroke: #bc4c00; }
      svg .limit.hard { stroke: var(--error); }
      svg .limit-label { fill: var(--ink); }
      svg .series.item, svg .series.value { stroke: #8250df; } svg .series.collection { stroke: var(--busiest); }
      svg .series-label.item, svg .series-label.value { fill: #8250df; } svg .series-label.collection { fill: var(--busiest); }
      table.side-by-side td { width: 30%; } table.side-by-side td:first-child { width: 10%; white-space: nowrap; }
      td.grade { border-left: 4px solid transparent; } td.grade.good { border-left-color: #2da44e; }
      td.grade.fair { border-left-color: #d4a72c; background: #fff8c5; }
      td.grade.poor { border-left-color: var(--error); background: #ffebe9; }
      table.side-by-side .detail, table.side-by-side .rate { color: var(--muted); font-size: 12px; }
      tr.summary td { font-size: 12px; } tr.summary:first-of-type td { border-top: 2px solid var(--line); }
      figure.heat { margin: 8px 0 16px; } p.heat-rest { font-size: 12px; margin: 4px 0 0; }
      svg.heat .key { fill: var(--ink); font-weight: 600; } svg.heat .what { fill: var(--muted); font-size: 10px; }
      svg.heat .track { fill: var(--bg); stroke: var(--line); }
      svg.heat .ok .fill { fill: #2da44e; } svg.heat .warning .fill { fill: #d4a72c; }
      svg.heat .error .fill { fill: var(--error); }
      svg.heat .ceiling { stroke: var(--ink); stroke-width: 1.5; stroke-dasharray: 3 2; }
      svg.heat .value { fill: var(--ink); } svg.heat .error .value { fill: var(--error); font-weight: 600; }
      ul.glance { list-style: none; padding: 0; margin: 0; }
      ul.glance li { padding: 3px 10px; margin: 3px 0; border-left: 4px solid var(--line); }
      ul.glance li.error { border-color: var(--error); } ul.glance li.warning { border-color: var(--warning); }
      ul.glance a { font-weight: 600; color: var(--ink); }
      ul.findings { list-style: none; padding: 0; margin: 0; }
      li.finding { border-left: 4px solid var(--line); padding: 6px 12px; margin: 8px 0; background: var(--bg); }
      ul.error li.finding { border-color: var(--error); } ul.warning li.finding { border-color: var(--warning); }
      ul.info li.finding { border-color: var(--info); }
      li.finding p { margin: 2px 0; }
      details.why { font-size: 12px; color: var(--muted); } details.why summary { cursor: pointer; }
      li.finding .head a { font-weight: 600; color: var(--ink); }
      .store-tag { font-size: 11px; padding: 0 6px; border: 1px solid var(--line); border-radius: 8px; color: var(--muted); }
      .target { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
      .loc { color: var(--muted); font-size: 12px; float: right; }
      .fix { color: #1a7f37; }
      h3.error { color: var(--error); } h3.warning { color: var(--warning); } h3.info { color: var(--info); }
      pre.schema { background: var(--bg); border: 1px solid var(--line); border-radius: 6px; padding: 12px;
        overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
      @media print { nav { display: none; } main { max-width: none; padding: 0; }
        figure, li.finding, tr, ul.glance li { break-inside: avoid; } h2, h3 { break-after: avoid; } }
      """;
}
