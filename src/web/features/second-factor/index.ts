/** The second-factor feature's public surface (issue 36 §5; decision 0053): routes import from here only. */
export { getSecondFactorQueryOptions, useSecondFactor } from './api/get-second-factor';
export { SecondFactorCard } from './components/second-factor-card';
