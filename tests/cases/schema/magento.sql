-- ../shared/findings/realcode/magento: TYPE=InnoDB after a table, NATIONAL VARCHAR, a missing ';'.
create table admin_assert
(
   assert_id            int(10) unsigned not null auto_increment,
   assert_type          national varchar(20) not null,
   assert_data          national text,
   primary key (assert_id)
)
type = innodb;

create table t_b
(
   id int not null,
   name national varchar(20) not null,
   primary key (id)
)

create table t_c
(
   id int not null,
   primary key (id)
)
type = innodb;

