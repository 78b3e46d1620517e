-- A small clinic written for MySQL (its ENUM column, and ids bound with setString as MySQL converts them): staff with a role, and the visits they make.
CREATE TABLE staff (
  id INT PRIMARY KEY,
  name VARCHAR(20) NOT NULL,
  role ENUM('admin', 'nurse', 'doctor') NOT NULL DEFAULT 'nurse'
) ENGINE=InnoDB;

CREATE TABLE visit (
  id BIGINT PRIMARY KEY,
  staff_id INT NOT NULL REFERENCES staff (id),
  room VARCHAR(4)
) ENGINE=InnoDB;
