CREATE TABLE grades (
    grade_id   INT AUTO_INCREMENT PRIMARY KEY,
    student_no VARCHAR(50) NOT NULL,
    course     VARCHAR(100) NOT NULL
);
