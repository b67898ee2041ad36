// Unit tests of the WidgetEditor (seeded once; yours to edit).
import { fireEvent, render, screen } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';

import type { IField, WidgetEditorProps } from '../contract';
import {
  exampleExternalModule,
  exampleIField,
  exampleIModuleWidgetData,
  exampleIPalette,
  exampleVariableValues,
} from '../contract/examples';
import WidgetEditor from './WidgetEditor';

const descriptionField: IField = { name: 'description', title: 'Description', rules: {} };

function editorProps(changes: Partial<WidgetEditorProps> = {}): WidgetEditorProps {
  return {
    dashboardProps: { from: '2026-03-14T09:00:00.000Z', to: '2026-03-14T10:00:00.000Z', refreshTime: 30000 },
    moduleId: exampleExternalModule.id,
    module: exampleExternalModule,
    palettes: [exampleIPalette],
    widget: exampleIModuleWidgetData,
    widgetId: 'widget-1',
    refreshClicked: false,
    generalFields: [exampleIField, descriptionField],
    variables: exampleVariableValues,
    onRefreshChange: vi.fn(),
    onChange: vi.fn(),
    ...changes,
  };
}

describe('WidgetEditor', () => {
  it('reuses the general fields, filled from the saved widget', () => {
    render(<WidgetEditor {...editorProps()} />);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Title/ }).value).toBe('CPU load');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Description/ }).value).toBe(
      'CPU load of the web servers',
    );
  });

  it('shows saved numbers as written and saved objects as JSON', () => {
    const fields: IField[] = [
      { name: 'refreshTime', title: 'Refresh', rules: {} },
      { name: 'moduleData', title: 'Data', rules: {} },
    ];
    render(<WidgetEditor {...editorProps({ generalFields: fields })} />);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Refresh' }).value).toBe('30000');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Data' }).value).toBe(
      JSON.stringify(exampleIModuleWidgetData.moduleData),
    );
  });

  it('calls onChange when the future moduleData is edited', () => {
    const props = editorProps({ widget: null });
    render(<WidgetEditor {...props} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'New text' } });
    fireEvent.click(screen.getByRole('checkbox'));
    expect(props.onChange).toHaveBeenCalledTimes(2);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Message' }).value).toBe('New text');
  });

  it('calls onChange when a general field is edited', () => {
    const props = editorProps();
    render(<WidgetEditor {...props} />);
    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), { target: { value: 'Memory' } });
    expect(props.onChange).toHaveBeenCalledTimes(1);
  });

  it("hands the future moduleData and the general fields to the host's editor form", () => {
    // The host's widget editor form (scaffold's reading of the host: a react-hook-form form whose
    // values are the widget being edited), as the dev page and `scaffold check` provide it.
    let hostForm: UseFormReturn<FieldValues> | null = null;
    function Host(props: WidgetEditorProps) {
      const form = useForm<FieldValues>({ defaultValues: { ...exampleIModuleWidgetData } });
      hostForm = form;
      return (
        <FormProvider {...form}>
          <WidgetEditor {...props} />
          <output>{form.formState.isDirty ? 'unsaved changes' : 'saved'}</output>
        </FormProvider>
      );
    }
    const props = editorProps();
    render(<Host {...props} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'New text' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), { target: { value: 'Memory' } });
    expect(hostForm!.getValues('moduleData')).toEqual({ message: 'New text', askBackend: true });
    expect(hostForm!.getValues('title')).toBe('Memory');
    expect(screen.getByRole('status').textContent).toBe('unsaved changes');
    expect(props.onChange).toHaveBeenCalledTimes(3);
  });

  it('resets a refresh request', () => {
    const props = editorProps({ refreshClicked: true });
    render(<WidgetEditor {...props} />);
    expect(props.onRefreshChange).toHaveBeenCalledWith(false);
  });
});
