import { type IconProps, StrokeIcon } from '../../components/icons';

const PullRequestPaths = (
  <>
    <circle cx="6" cy="6" r="2.25" />
    <circle cx="6" cy="18" r="2.25" />
    <circle cx="18" cy="18" r="2.25" />
    <path d="M6 8.25v7.5M18 15.75V9a3 3 0 0 0-3-3h-4m2-2.5L10.5 6 13 8.5" />
  </>
);
export const PullRequestIcon = (props: IconProps) => <StrokeIcon paths={PullRequestPaths} {...props} />;

const BranchPaths = (
  <>
    <circle cx="6" cy="5.5" r="2.25" />
    <circle cx="6" cy="18.5" r="2.25" />
    <circle cx="18" cy="7.5" r="2.25" />
    <path d="M6 7.75v8.5M18 9.75c0 4-4 4.5-10.5 7" />
  </>
);
export const BranchIcon = (props: IconProps) => <StrokeIcon paths={BranchPaths} {...props} />;
