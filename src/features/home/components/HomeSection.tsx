import { Container, type ContainerProps } from '@mantine/core';
import classes from './HomeSection.module.css';

/** A band of the home page; one whose section has nothing to show (it renders null) takes no room. */
export function HomeSection(props: ContainerProps) {
  return <Container size="lg" className={classes.section} {...props} />;
}
