-- A school's groups, reached through a factory whose URL, user and password are read from a
-- properties file on the class path when the factory class is loaded.
CREATE TABLE groups (
  group_id SERIAL PRIMARY KEY,
  group_name VARCHAR(10) NOT NULL
);

CREATE TABLE students (
  student_id SERIAL PRIMARY KEY,
  group_id INTEGER REFERENCES groups (group_id),
  last_name VARCHAR(25) NOT NULL
);
