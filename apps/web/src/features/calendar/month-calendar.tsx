import type { ComponentProps } from 'react';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';

export type MonthCalendarProps = Omit<ComponentProps<typeof FullCalendar>, 'plugins'>;

/**
 * FullCalendar with its plugins and theme: the calendar page draws first and loads this (the larger
 * part of its scripts) behind a box of the calendar's size.
 */
export default function MonthCalendar(props: MonthCalendarProps) {
  return <FullCalendar plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin, classicThemePlugin]} {...props} />;
}
