// Replaced by the area's page; until then the route shows what is coming.
export { default } from '../placeholders/placeholder-page';
