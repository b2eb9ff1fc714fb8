/**
 * Saved builder reports, listed beside the quick reports on the reports screen (being built by the report
 * builder work; renders nothing until then).
 */
export function SavedReports() {
  return null;
}
