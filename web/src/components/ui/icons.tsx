/** Inline SVG icons (no icon font, no emoji: machines without emoji fonts show boxes). */
import { icon, Svg, type IconProps } from './landing-icons';

export { CalendarIcon, ClockIcon, PinIcon } from './landing-icons';

export const MenuIcon = icon('M4 6h16M4 12h16M4 18h16');

export const CloseIcon = icon('M6 6l12 12M18 6L6 18');

export const LockIcon = icon(<rect x="4.5" y="10.5" width="15" height="10" rx="2" />, 'M8 10.5V7.5a4 4 0 0 1 8 0v3');

export const BuildingIcon = icon('M3 21h18M5 21V10l7-5 7 5v11M9 21v-6h6v6M8.5 11.5h.01M15.5 11.5h.01');

export const TicketIcon = icon(
  'M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4V8Z',
  <path d="M13 6v12" strokeDasharray="2 2" />,
);

export const PeopleIcon = icon(
  <circle cx="9" cy="8" r="3.5" />,
  'M2.5 20a6.5 6.5 0 0 1 13 0M16 4.7a3.5 3.5 0 0 1 0 6.6M18 14.2a6.5 6.5 0 0 1 3.5 5.8',
);

export const ClipboardIcon = icon(<rect x="5" y="4" width="14" height="17" rx="2" />, 'M9 4V3h6v1M9 10h6M9 14h6M9 18h3');

export const EnvelopeIcon = icon(<rect x="3" y="5.5" width="18" height="13" rx="2" />, 'm3.5 7 8.5 6 8.5-6');

export const ArrowRightIcon = icon('M5 12h14M13 6l6 6-6 6');

export const StarIcon = ({ filled = false, ...p }: IconProps & { filled?: boolean }) => (
  <Svg {...p} fill={filled ? 'currentColor' : 'none'}>
    <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9L12 3.5Z" />
  </Svg>
);

export const ExternalLinkIcon = icon('M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5');

export const PlusIcon = icon('M12 5v14M5 12h14');

export const SearchIcon = icon(<circle cx="11" cy="11" r="6.5" />, 'M20 20l-4.2-4.2');

export const DownloadIcon = icon('M12 4v11M7 10.5l5 5 5-5M4.5 19.5h15');

export const CheckIcon = icon('M5 12.5l4.5 4.5L19 7.5');

export const ArrowLeftIcon = icon('M19 12H5M11 6l-6 6 6 6');

export const ImageIcon = icon(
  <rect x="3.5" y="4.5" width="17" height="15" rx="2" />,
  <circle cx="9" cy="10" r="1.8" />,
  'M20.5 16l-5-5-8.5 8.5',
);

export const AlertIcon = icon(<circle cx="12" cy="12" r="9" />, 'M12 7.5v5.5M12 16.5h.01');

export const UploadIcon = icon('M12 16V4.5M7 9l5-5 5 5M4.5 19.5h15');

export const FileIcon = icon('M14 3.5H7a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8.5l-5-5Z', 'M14 3.5v5h5M9 13h6M9 16.5h4');
