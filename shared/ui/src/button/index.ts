export { Button, buttonClassName, type ButtonProps } from './button';
