CREATE TABLE grade (id INT PRIMARY KEY, student_id BIGINT, course_id BIGINT, score INT NOT NULL);
