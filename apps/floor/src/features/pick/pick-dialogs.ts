// The pick screen's dialogs and its filter drawer, one file loaded on first need (ADR 0135): the screen imports this
// module only dynamically (pick.screen.tsx `loadPickDialogs`), so Mantine's Drawer and Modal (their focus trap,
// scroll lock and scroll area), the filter's switches and choice lists and the time inputs' date rules stay out of the
// `pick` file that the first card waits for.
export { PickFilterDrawer } from './pick-filter-drawer.tsx';
export { PickNotePopup, ProblemSheet, RecountPopup } from './shelf-dialogs.tsx';
