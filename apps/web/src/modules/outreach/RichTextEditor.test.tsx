// @vitest-environment jsdom

import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { Editor } from '@tiptap/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RichTextEditor, stepFontSize } from './RichTextEditor';

beforeAll(() => {
  // jsdom lays nothing out; ProseMirror asks for rectangles when it scrolls the selection into view.
  const rects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] });
  Range.prototype.getClientRects = rects as unknown as Range['getClientRects'];
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  document.elementFromPoint = () => null;
});
afterEach(cleanup);

function renderEditor(value: string) {
  const onChange = vi.fn();
  let editor: Editor | null = null;
  render(
    <RichTextEditor
      value={value}
      contact="Alice Park"
      onChange={onChange}
      onReady={(e) => {
        editor = e;
      }}
    />,
  );
  if (!editor) throw new Error('the editor did not start');
  const e: Editor = editor;
  return { onChange, editor: e, textbox: screen.getByRole('textbox', { name: 'Email body for Alice Park' }) };
}

describe('the e-mail body editor', () => {
  it('is a labelled multi-line textbox with the starting HTML', () => {
    const { textbox } = renderEditor('<p>Hello Alice</p>');
    expect(textbox).toHaveProperty('textContent', 'Hello Alice');
    expect(textbox.getAttribute('aria-multiline')).toBe('true');
  });

  it('makes the selection bold, and a list, and gives the HTML', () => {
    const { editor, onChange } = renderEditor('<p>We saved the banner</p>');
    act(() => {
      editor.commands.selectAll();
    });
    fireEvent.click(screen.getByRole('button', { name: 'Bold' }));
    expect(onChange).toHaveBeenLastCalledWith('<p><strong>We saved the banner</strong></p>');
    fireEvent.click(screen.getByRole('button', { name: 'Bullet list' }));
    expect(onChange.mock.lastCall?.[0]).toMatch(/^<ul><li><p><strong>We saved the banner<\/strong><\/p><\/li><\/ul>/);
  });

  it('steps the font size up and down through the sizes, back to the plain size', () => {
    const { editor, onChange } = renderEditor('<p>Big news</p>');
    act(() => {
      editor.commands.selectAll();
    });
    fireEvent.click(screen.getByRole('button', { name: 'Larger text' }));
    expect(onChange).toHaveBeenLastCalledWith('<p><span style="font-size: 1.125em;">Big news</span></p>');
    fireEvent.click(screen.getByRole('button', { name: 'Larger text' }));
    expect(onChange).toHaveBeenLastCalledWith('<p><span style="font-size: 1.25em;">Big news</span></p>');
    fireEvent.click(screen.getByRole('button', { name: 'Smaller text' }));
    fireEvent.click(screen.getByRole('button', { name: 'Smaller text' }));
    expect(onChange).toHaveBeenLastCalledWith('<p>Big news</p>');
    expect(stepFontSize('1.5em', 1)).toBeNull();
    expect(stepFontSize('0.875em', -1)).toBeNull();
    expect(stepFontSize(null, -1)).toBe('0.875em');
  });

  it('pastes plain text only', () => {
    const { editor, textbox, onChange } = renderEditor('<p></p>');
    act(() => {
      editor.commands.focus('end');
    });
    const data = new Map([
      ['text/plain', 'Plain words'],
      ['text/html', '<b style="color:red">Plain words</b>'],
    ]);
    const pasted = fireEvent.paste(textbox, { clipboardData: { getData: (t: string) => data.get(t) ?? '' } });
    expect(pasted).toBe(false);
    expect(onChange).toHaveBeenLastCalledWith('<p>Plain words</p>');
  });

  it('links the selection to the address asked for, and an empty answer removes it', () => {
    const { editor, onChange } = renderEditor('<p>Our site</p>');
    act(() => {
      editor.commands.selectAll();
    });
    const prompt = vi.spyOn(window, 'prompt').mockReturnValue('https://club.example');
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    expect(onChange.mock.lastCall?.[0]).toMatch(/<a [^>]*href="https:\/\/club\.example"[^>]*>Our site<\/a>/);
    act(() => {
      editor.commands.selectAll();
    });
    prompt.mockReturnValue('');
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    expect(onChange).toHaveBeenLastCalledWith('<p>Our site</p>');
    prompt.mockRestore();
  });
});
