import type { StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { MESSAGES } from '@portal/contract';
import { fitsThePhone } from '@portal/testing/story-kit';

/** What differs between the play functions of the appointment and the history page's stories. */
export interface PatientEntryStoryConfig {
  /** The page's title: its heading, and the start of a refusal's title. */
  title: string;
  /** A valid time, as typed by `fill`: it is also the free-text field's placeholder. */
  time: string;
  /**
   * A time the free-text field refuses as it is typed; null for the browser's time control,
   * which takes no impossible time (it stays empty, "Required").
   */
  refusedTime: string | null;
  /** The entry's date, as YYYY-MM-DD. */
  date: string;
  /** The label of the optional text field (the appointment's topic, the history's detail). */
  textLabel: string;
  /** The optional text typed by `fill`. */
  text: string;
  /** The optional text typed in the keyboard-only story. */
  keyboardText: string;
  /** The confirmation once the entry typed by `fill` is added for P001. */
  addedText: string;
  /** What the confirmation must show once the keyboard-only story's entry (at 10:30) is added. */
  keyboardAddedText: RegExp;
  /** The server's words in the FieldError story, whose handler refuses the date with them. */
  dateProblem: string;
  /** The labels of the optional fields after the text field (the appointment's), in order. */
  extraFieldLabels?: readonly RegExp[];
}

/** A story's play function. */
export type Play = NonNullable<StoryObj['play']>;

/** The play function of each patient entry story, under the name its stories file exports. */
export interface PatientEntryPlays {
  Default: Play;
  Filled: Play;
  Empty: Play;
  Loading: Play;
  Success: Play;
  Error: Play;
  FieldError: Play;
  KeyboardOnly: Play;
  Phone360: Play;
}

type PlayContext = Parameters<Play>[0];

/**
 * The play functions of the stories of a page built on PatientEntryForm (appointment, history),
 * given what differs between the pages. Each stories file keeps its stories as object literals
 * (`{ parameters, play: plays.Loading }`): Storybook's indexer reads the `play` key statically
 * (the 'play-fn' tag), which a story exported as `entry.Loading` or `{ ...entry.Loading }` loses.
 */
export function patientEntryPlays(config: PatientEntryStoryConfig): PatientEntryPlays {
  /** Fills the form for the patient (P001 unless told) with the configured time, date and text. */
  async function fill(
    { canvas, userEvent }: Pick<PlayContext, 'canvas' | 'userEvent'>,
    patientId = 'P001',
  ) {
    await userEvent.type(canvas.getByRole('textbox', { name: 'Patient ID' }), patientId);
    // The history form starts with the hospital's now in both: typed over, not after.
    await userEvent.clear(canvas.getByLabelText(/^Time/));
    await userEvent.type(canvas.getByLabelText(/^Time/), config.time);
    await userEvent.clear(canvas.getByLabelText(/^Date/));
    await userEvent.type(canvas.getByLabelText(/^Date/), config.date);
    await userEvent.type(canvas.getByRole('textbox', { name: config.textLabel }), config.text);
  }

  return {
    /** The empty form: the heading, the placeholders, 'Add' enabled. */
    Default: async ({ canvas }) => {
      await expect(canvas.getByRole('heading', { level: 1, name: config.title })).toBeVisible();
      await expect(canvas.getByRole('textbox', { name: 'Patient ID' })).toHaveAttribute(
        'placeholder',
        MESSAGES.patientIdPlaceholder,
      );
      const time = canvas.getByLabelText(/^Time/);
      if (config.refusedTime === null) await expect(time).toHaveAttribute('type', 'time');
      else await expect(time).toHaveAttribute('placeholder', config.time);
      await expect(canvas.getByRole('button', { name: 'Add' })).toBeEnabled();
    },

    /** The form filled in, not sent. */
    Filled: async (context) => {
      await fill(context);
      await expect(context.canvas.getByLabelText(/^Time/)).toHaveValue(config.time);
    },

    /** Submitted empty: the required fields marked; then a time in the wrong format. */
    Empty: async ({ canvas, userEvent }) => {
      await userEvent.clear(canvas.getByLabelText(/^Time/));
      await userEvent.clear(canvas.getByLabelText(/^Date/));
      await userEvent.click(canvas.getByRole('button', { name: 'Add' }));
      const patientId = canvas.getByRole('textbox', { name: 'Patient ID' });
      await waitFor(() => expect(patientId).toHaveAccessibleDescription('Required'));
      await expect(canvas.getByLabelText(/^Date/)).toHaveAccessibleDescription('Required');
      const time = canvas.getByLabelText(/^Time/);
      if (config.refusedTime === null) {
        await expect(time).toHaveAccessibleDescription(/Required$/);
        return;
      }
      await userEvent.type(time, config.refusedTime);
      await waitFor(() =>
        expect(time).toHaveAccessibleDescription(/Use a time as HH:MM or HH:MM:SS \(24-hour\)$/),
      );
    },

    /** Sent to a server that does not answer: 'Add' and 'Reset' disabled. */
    Loading: async (context) => {
      await fill(context);
      const { canvas, userEvent } = context;
      await userEvent.click(canvas.getByRole('button', { name: 'Add' }));
      await expect(await canvas.findByRole('button', { name: 'Add Working…' })).toBeDisabled();
      await expect(canvas.getByRole('button', { name: 'Reset' })).toBeDisabled();
    },

    /** Added: the focused confirmation names the patient; the form is empty again. */
    Success: async (context) => {
      await fill(context);
      const { canvas, userEvent } = context;
      await userEvent.click(canvas.getByRole('button', { name: 'Add' }));
      const status = await canvas.findByRole('status');
      await expect(status).toHaveTextContent(config.addedText);
      await expect(status).toHaveFocus();
      await expect(canvas.getByRole('textbox', { name: 'Patient ID' })).toHaveValue('');
    },

    /** An unknown patient (P999): the server's words, and everything typed is kept. */
    Error: async (context) => {
      await fill(context, 'P999');
      const { canvas, userEvent } = context;
      await userEvent.click(canvas.getByRole('button', { name: 'Add' }));
      const alert = await canvas.findByRole('alert');
      await expect(alert).toHaveTextContent(`${config.title}: not added`);
      await expect(alert).toHaveTextContent('No patient with ID P999');
      await expect(canvas.getByRole('textbox', { name: 'Patient ID' })).toHaveValue('P999');
    },

    /** The date refused by the server: the date field is focused and shows its words. */
    FieldError: async (context) => {
      await fill(context);
      const date = context.canvas.getByLabelText(/^Date/);
      await context.userEvent.click(context.canvas.getByRole('button', { name: 'Add' }));
      await waitFor(() => expect(date).toHaveFocus());
      await expect(date).toHaveAccessibleDescription(config.dateProblem);
    },

    /** The whole form with the keyboard alone: Tab between fields, Enter to add. */
    KeyboardOnly: async ({ canvas, userEvent }) => {
      canvas.getByRole('textbox', { name: 'Patient ID' }).focus();
      await userEvent.keyboard('P001');
      await userEvent.tab();
      await expect(canvas.getByLabelText(/^Time/)).toHaveFocus();
      await userEvent.keyboard('10:30');
      await userEvent.tab();
      await expect(canvas.getByLabelText(/^Date/)).toHaveFocus();
      await userEvent.keyboard(config.date);
      await userEvent.tab();
      await expect(canvas.getByRole('textbox', { name: config.textLabel })).toHaveFocus();
      await userEvent.keyboard(config.keyboardText);
      for (const label of config.extraFieldLabels ?? []) {
        await userEvent.tab();
        await expect(canvas.getByRole('combobox', { name: label })).toHaveFocus();
      }
      await userEvent.tab();
      await expect(canvas.getByRole('button', { name: 'Reset' })).toHaveFocus();
      await userEvent.tab();
      await expect(canvas.getByRole('button', { name: 'Add' })).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      await expect(await canvas.findByRole('status')).toHaveTextContent(config.keyboardAddedText);
    },

    /** At 360 px: no sideways scrolling; the menu button and 'Add' in view. */
    Phone360: async ({ canvas }) => {
      await fitsThePhone();
      await expect(canvas.getByRole('button', { name: 'Menu' })).toBeVisible();
      await expect(canvas.getByRole('button', { name: 'Add' })).toBeVisible();
    },
  };
}
