import type { ReactNode } from 'react';
import './theme.css';

type ThemeName = 'main' | 'podcast' | 'school';

interface ThemeRootProps {
  theme: ThemeName;
  children?: ReactNode;
  className?: string;
}

/** Sets the theme's custom properties for everything below it. */
export function ThemeRoot({ theme, children, className }: ThemeRootProps) {
  const classes = ['vox-theme-root', `vox-theme-${theme}`, className].filter(Boolean).join(' ');
  return (
    <div className={classes} data-theme={theme}>
      {children}
    </div>
  );
}
