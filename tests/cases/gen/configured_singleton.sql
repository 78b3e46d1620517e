CREATE TABLE course (
  course_id SERIAL PRIMARY KEY,
  course_name VARCHAR(20) NOT NULL
);
