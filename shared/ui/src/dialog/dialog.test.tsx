import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog';

function Harness({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog
        open={open}
        title="Forgot Password"
        onClose={() => {
          setOpen(false);
          onClose();
        }}
      >
        <p>Inside</p>
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('is closed at first, with its content not rendered', () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('Inside')).not.toBeInTheDocument();
  });

  it('opens as a modal named by its title and closes again', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Forgot Password' });
    expect(dialog).toHaveAttribute('open');
    expect(screen.getByText('Inside')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('Inside')).not.toBeInTheDocument();
  });

  it('tells its owner when the browser closes it (Escape)', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    // What the browser does on Escape: it closes the element, which fires 'close'.
    act(() => screen.getByRole<HTMLDialogElement>('dialog').close());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Inside')).not.toBeInTheDocument();
  });

  it('closes on a click on its backdrop', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    fireEvent.click(screen.getByRole('dialog'));
    expect(onClose).toHaveBeenCalled();
  });
});
