-- Reminders: when each was created (the clock, in Java), the day it is due, whether it is done.
CREATE TABLE reminder (
  id INT PRIMARY KEY,
  title VARCHAR(40) NOT NULL,
  created_at TIMESTAMP NOT NULL,
  due_day DATE,
  done BOOLEAN NOT NULL
);
