import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Card } from './card';
import { ManagementLayout } from './management-layout';
import { PageHeading } from './page-heading';
import { PageShell } from './page-shell';

describe('PageShell', () => {
  it('puts the content in main and lets the keyboard skip straight to it', async () => {
    const user = userEvent.setup();
    render(
      <PageShell topBar={<header>Top</header>} footer={<footer>Foot</footer>}>
        <p>Content</p>
      </PageShell>,
    );
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'main');
    expect(main).toHaveTextContent('Content');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Foot');

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(main).toHaveFocus();
  });
});

describe('ManagementLayout', () => {
  it('shows the sidebar, the page heading and the content', () => {
    render(
      <ManagementLayout sidebar={<nav aria-label="Section">Links</nav>} title="Add Patient">
        <p>Form</p>
      </ManagementLayout>,
    );
    expect(screen.getByRole('navigation', { name: 'Section' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Add Patient' })).toBeInTheDocument();
    expect(screen.getByText('Form')).toBeInTheDocument();
  });
});

describe('Card', () => {
  it('is a region named by its title when it has one', () => {
    render(<Card title="Search criteria">Fields</Card>);
    expect(screen.getByRole('region', { name: 'Search criteria' })).toHaveTextContent('Fields');
    expect(screen.getByRole('heading', { level: 2, name: 'Search criteria' })).toBeInTheDocument();
  });

  it('is a plain panel without one', () => {
    render(<Card>Fields</Card>);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.getByText('Fields')).toBeInTheDocument();
  });
});

describe('PageHeading', () => {
  it('is the page h1 with an optional description', () => {
    render(
      <PageHeading description="Find a patient by id or name.">Patient Information</PageHeading>,
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Patient Information' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Find a patient by id or name.')).toBeInTheDocument();
  });
});
