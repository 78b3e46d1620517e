-- A small clinic: staff with a role, and the visits they make.
CREATE TABLE staff (
  id INT PRIMARY KEY,
  name VARCHAR(20) NOT NULL,
  role ENUM('admin', 'nurse', 'doctor') NOT NULL DEFAULT 'nurse'
);

CREATE TABLE visit (
  id BIGINT PRIMARY KEY,
  staff_id INT NOT NULL REFERENCES staff (id),
  room VARCHAR(4)
);
