import { createContext, useContext } from 'react';

/** The rendering site's home for a signed-in user (/scripts; / on the podcast site). */
export const SignedInHomeContext = createContext('/scripts');
export const useSignedInHome = () => useContext(SignedInHomeContext);
