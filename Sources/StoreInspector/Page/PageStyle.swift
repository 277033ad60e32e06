/// The page's style sheet: readable from 20rem wide, every text at a contrast of at least 4.5:1,
/// focus always visible.
enum PageStyle {
  static let css = """
    :root { color-scheme: light; --ink: #1b1b1b; --muted: #4d4d4d; --line: #c9c9c9;
      --accent: #0b57d0; --panel: #f6f7f9; --selected: #e3ecfd; }
    * { box-sizing: border-box; }
    body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif;
      color: var(--ink); background: #fff; }
    code, pre, kbd, input[type=search] { font-family: ui-monospace, "DejaVu Sans Mono", Menlo,
      Consolas, monospace; font-size: 13px; }
    a { color: var(--accent); }
    :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
    .skip { position: absolute; left: -999px; top: 0; background: #fff; padding: .5rem; }
    .skip:focus { left: .5rem; z-index: 2; }
    .page-header { padding: .75rem 1rem; border-bottom: 1px solid var(--line);
      background: var(--panel); }
    h1 { margin: 0 0 .25rem; font-size: 1.35rem; }
    h2 { font-size: 1.1rem; margin: .25rem 0 .5rem; overflow-wrap: anywhere; min-width: 0; }
    h3 { font-size: 1rem; margin: 1rem 0 .35rem; }
    .facts { display: flex; flex-wrap: wrap; gap: .25rem 1.5rem; margin: 0; }
    .facts div { display: flex; gap: .4rem; min-width: 0; }
    .facts dt { color: var(--muted); }
    .facts dd { margin: 0; overflow-wrap: anywhere; }
    .failures { margin-top: .75rem; padding: .5rem .75rem; border: 2px solid #a50e0e;
      background: #fdecea; color: #6b0000; }
    .failures h2 { margin: 0; color: #6b0000; }
    .failures ul { margin: .25rem 0; padding-left: 1.25rem; }
    .failures p { margin: 0; }
    .layout { display: grid; gap: 1rem; padding: 1rem;
      grid-template-columns: minmax(18rem, 2fr) minmax(0, 3fr);
      grid-template-areas: "timeline detail" "side detail"; grid-template-rows: auto 1fr;
      align-items: start; }
    .timeline-pane { grid-area: timeline; min-width: 0; }
    .detail-pane { grid-area: detail; min-width: 0; border: 1px solid var(--line);
      border-radius: 6px; padding: .5rem .75rem; }
    .side-pane { grid-area: side; min-width: 0; }
    .js .detail-pane { position: sticky; top: .5rem; max-height: calc(100vh - 1rem);
      overflow: auto; }
    .js .timeline { max-height: 65vh; overflow: auto; }
    .hint { color: var(--muted); font-size: .9rem; margin: .25rem 0 .5rem; }
    kbd { border: 1px solid var(--line); border-radius: 3px; padding: 0 .25rem;
      background: var(--panel); }
    .filter { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem; }
    .filter input { flex: 1 1 12rem; min-width: 0; padding: .35rem .5rem;
      border: 1px solid #767676; border-radius: 4px; }
    #filter-count { color: var(--muted); }
    .timeline { list-style: none; margin: 0; padding: 0; border: 1px solid var(--line);
      border-radius: 6px; }
    .entry { border-bottom: 1px solid var(--line); }
    .entry:last-child { border-bottom: 0; }
    .pick { display: block; width: 100%; text-align: left; border: 0; background: none;
      font: inherit; color: inherit; padding: .4rem .6rem; cursor: pointer;
      border-left: 4px solid transparent; overflow-wrap: anywhere; }
    .js .pick { white-space: nowrap; overflow: hidden; text-overflow: ellipsis;
      overflow-wrap: normal; }
    .spacer { padding: 0; border: 0; }
    .pick:hover { background: var(--panel); }
    .pick[aria-current="true"] { background: var(--selected); border-left-color: var(--accent); }
    .number { font-weight: 600; }
    .origin { display: inline-block; padding: 0 .35rem; border-radius: 3px; font-size: .85rem;
      background: #eceef1; color: #30343a; }
    .sent .origin { background: #e6eefc; color: #0a3f8f; }
    .received .origin { background: #fdf0dc; color: #653a00; }
    .external .origin { background: #f1e7fb; color: #55207f; }
    .count, .flag { color: var(--muted); font-size: .85rem; }
    .entry-diff { padding: 0 .6rem .4rem; }
    .entry-diff summary { cursor: pointer; color: var(--accent); }
    pre.diff, .tree { margin: .25rem 0; padding: .5rem; background: #fbfbfb;
      border: 1px solid var(--line); border-radius: 4px; overflow-x: auto; }
    pre.diff { white-space: pre; line-height: 1.35; }
    del, ins { text-decoration: none; display: inline-block; min-width: 100%; }
    del { background: #ffe5e3; color: #7d0a0a; }
    ins { background: #dcf5e1; color: #0a4f1c; }
    .fold { color: var(--muted); }
    button.fold { font: inherit; white-space: pre; background: none; border: 0; padding: 0;
      cursor: pointer; color: #0a47b0; text-decoration: underline; }
    .folded { color: var(--muted); }
    .branches { list-style: none; padding: 0; margin: 0; }
    .branches li { margin: .25rem 0; }
    .branches button, .compare button, .detail-actions button { font: inherit;
      padding: .3rem .6rem; border: 1px solid #767676; border-radius: 4px; background: #fff;
      color: var(--ink); cursor: pointer; text-align: left; overflow-wrap: anywhere; }
    .branches button[aria-pressed="true"] { border-color: var(--accent); background: var(--selected); }
    .compare { display: flex; flex-wrap: wrap; align-items: center; gap: .4rem; }
    .compare input { width: 6rem; padding: .3rem; border: 1px solid #767676; border-radius: 4px; }
    .tree { list-style: none; font-family: ui-monospace, "DejaVu Sans Mono", Menlo, monospace;
      font-size: 13px; }
    .tree ul { list-style: none; margin: 0; padding-left: 1.25rem; }
    .tree li { white-space: pre-wrap; overflow-wrap: anywhere; }
    .tree summary { cursor: pointer; }
    .tree .close { color: var(--muted); }
    .detail-actions { display: flex; flex-wrap: wrap; gap: .5rem; margin: .25rem 0; }
    @media (max-width: 60rem) {
      .layout { grid-template-columns: minmax(0, 1fr);
        grid-template-areas: "timeline" "detail" "side"; padding: .5rem; }
      .js .detail-pane { position: static; max-height: none; }
      .js .timeline { max-height: 50vh; }
    }
    """
}
