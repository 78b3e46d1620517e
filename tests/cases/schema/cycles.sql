CREATE TABLE employee (
    id INTEGER PRIMARY KEY,
    manager_id INTEGER REFERENCES employee (id),
    department_id INTEGER NOT NULL
);

CREATE TABLE department (
    id INTEGER PRIMARY KEY,
    head_id INTEGER NOT NULL
);

ALTER TABLE employee ADD CONSTRAINT fk_employee_department
    FOREIGN KEY (department_id) REFERENCES department (id);
ALTER TABLE department ADD CONSTRAINT fk_department_head
    FOREIGN KEY (head_id) REFERENCES employee;

CREATE TABLE project (
    id INTEGER PRIMARY KEY,
    lead_id INTEGER REFERENCES employee
);
