import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import {
  createMemoryRouter,
  Link,
  MemoryRouter,
  Route,
  RouterProvider,
  Routes,
} from 'react-router-dom';
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

function Pages() {
  return (
    <Routes>
      <Route path="/a" element={<FormPage />} />
      <Route path="/b" element={<h1>Page B</h1>} />
    </Routes>
  );
}

function renderInDataRouter() {
  const router = createMemoryRouter([{ path: '*', element: <Pages /> }], {
    initialEntries: ['/a'],
  });
  render(<RouterProvider router={router} />);
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

  it('asks before the tab closes while dirty', async () => {
    const { user } = renderInDataRouter();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'x');
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });

  it('under a plain router guards the tab only, and does not fail', async () => {
    render(
      <MemoryRouter initialEntries={['/a']}>
        <Pages />
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'x');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Page B' })).toBeInTheDocument();
  });
});
