import { NavLink } from 'react-router-dom';
import './section-tabs.css';

export interface SectionTab {
  to: string;
  label: string;
  testId: string;
}

/**
 * The screens of one section of the panel, as a row of links under its pages' title (the main bar keeps one entry
 * per area and stays within 1280 px). The current screen is marked for assistive technology (`aria-current`).
 */
export function SectionTabs({ label, tabs }: { label: string; tabs: readonly SectionTab[] }) {
  return (
    <nav className="section-tabs" aria-label={label}>
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end
          data-testid={tab.testId}
          className={({ isActive }) => `section-tabs__link${isActive ? ' section-tabs__link--active' : ''}`}
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
