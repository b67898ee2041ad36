// What this module keeps in a widget's moduleData (seeded once; yours to change).
//
// moduleData has no fixed schema in the contract: the module defines it. The WidgetEditor edits
// it and the Widget reads it; both go through readWidgetData, so saved data from an older version
// of the module (or hand-made data) gets defaults instead of crashing the dashboard.

export interface WidgetData {
  /** Text the widget shows (or sends to the backend). */
  message: string;
  /** Ask the module backend (through the platform proxy) instead of showing the text directly. */
  askBackend: boolean;
}

export const DEFAULT_WIDGET_DATA: WidgetData = {
  message: `Hello from Acme Map`,
  askBackend: false,
};

/** moduleData -> WidgetData; throws an Error naming the field when a present field is unusable. */
export function readWidgetData(moduleData: Record<string, unknown> | null | undefined): WidgetData {
  const data = moduleData ?? {};
  const { message = DEFAULT_WIDGET_DATA.message, askBackend = DEFAULT_WIDGET_DATA.askBackend } = data;
  if (typeof message !== 'string') throw new Error('moduleData.message must be text');
  if (typeof askBackend !== 'boolean') throw new Error('moduleData.askBackend must be true or false');
  return { message, askBackend };
}
