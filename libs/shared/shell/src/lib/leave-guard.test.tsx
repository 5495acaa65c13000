import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { BrowserRouter, Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { LEAVE_QUESTION, LeaveGuard } from './leave-guard';

function FormPage() {
  const [text, setText] = useState('');
  return (
    <>
      <LeaveGuard dirty={text !== ''} />
      <label>
        Name <input value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <Link to="/b">Elsewhere</Link>
    </>
  );
}

/** Two forms on one page, each with its guard (My account: the password and the second factor). */
function TwoFormsPage() {
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  return (
    <>
      <LeaveGuard dirty={first !== ''} />
      <LeaveGuard dirty={second !== ''} />
      <label>
        First <input value={first} onChange={(event) => setFirst(event.target.value)} />
      </label>
      <label>
        Second <input value={second} onChange={(event) => setSecond(event.target.value)} />
      </label>
      <Link to="/b">Elsewhere</Link>
    </>
  );
}

function Pages() {
  return (
    <Routes>
      <Route path="/a" element={<FormPage />} />
      <Route path="/two" element={<TwoFormsPage />} />
      <Route path="/b" element={<h1>Page B</h1>} />
    </Routes>
  );
}

/** The apps' own router kind: a plain router, no data router needed. */
function renderInDataRouter(at = '/a') {
  render(
    <MemoryRouter initialEntries={[at]}>
      <Pages />
    </MemoryRouter>,
  );
  return { user: userEvent.setup() };
}

describe('LeaveGuard', () => {
  it('lets a clean form go without asking', async () => {
    const { user } = renderInDataRouter();
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Page B' })).toBeInTheDocument();
  });

  it('asks before leaving a dirty form in the app: Stay keeps it, Leave goes', async () => {
    const { user } = renderInDataRouter();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Malee');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    expect(dialog).toHaveAccessibleDescription(LEAVE_QUESTION);
    await user.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Malee');

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { name: 'Page B' })).toBeInTheDocument();
  });

  it('asks once and leaves on Leave when two forms of the page hold unsaved changes', async () => {
    const { user } = renderInDataRouter('/two');
    await user.type(screen.getByRole('textbox', { name: 'First' }), 'Malee');
    await user.type(screen.getByRole('textbox', { name: 'Second' }), '123456');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findAllByRole('alertdialog', { name: 'Unsaved changes' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { name: 'Page B' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks before the tab closes while dirty', async () => {
    const { user } = renderInDataRouter();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'x');
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });

  it('holds a plain link (an <a> into another app) too, and lets it go on Leave', async () => {
    const followed: string[] = [];
    function Plain() {
      const [text, setText] = useState('');
      return (
        <>
          <LeaveGuard dirty={text !== ''} />
          <input aria-label="Name" value={text} onChange={(e) => setText(e.target.value)} />
          <a
            href="/elsewhere"
            onClick={(event) => {
              event.preventDefault();
              followed.push('/elsewhere');
            }}
          >
            Other app
          </a>
        </>
      );
    }
    render(
      <MemoryRouter>
        <Plain />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'x');
    await user.click(screen.getByRole('link', { name: 'Other app' }));
    expect(followed).toEqual([]);
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(followed).toEqual(['/elsewhere']);
  });

  it('asks on Back in the browser history (BrowserRouter), and Stay keeps the page', async () => {
    window.history.replaceState(null, '', '/start');
    function Start() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => void navigate('/a')}>
          Open form
        </button>
      );
    }
    render(
      <BrowserRouter>
        <Routes>
          <Route path="/start" element={<Start />} />
          <Route path="/a" element={<FormPage />} />
          <Route path="/two" element={<TwoFormsPage />} />
          <Route path="/b" element={<h1>Page B</h1>} />
        </Routes>
      </BrowserRouter>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open form' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Malee');
    window.history.back();
    await user.click(await screen.findByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(window.location.pathname).toBe('/a'));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Malee');

    window.history.back();
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('button', { name: 'Open form' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/start');
  });
});
