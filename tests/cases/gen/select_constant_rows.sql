CREATE TABLE groups (group_id SERIAL PRIMARY KEY, group_name VARCHAR(10) NOT NULL);
CREATE TABLE students (
    student_id SERIAL PRIMARY KEY,
    group_id INTEGER REFERENCES groups (group_id),
    name VARCHAR(25) NOT NULL
);
CREATE TABLE courses (course_id SERIAL PRIMARY KEY, course_name VARCHAR(100) NOT NULL);
CREATE TABLE students_courses (
    id SERIAL PRIMARY KEY,
    student_id INTEGER REFERENCES students (student_id),
    course_id INTEGER REFERENCES courses (course_id)
);
