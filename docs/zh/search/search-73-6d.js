(self.siteSearchIndex=self.siteSearchIndex||{})["search/search-73-6d.js"]={"small":"a~'s'","small_cpu_run":"asa/","smallcnn":"a~+s+","smith":"oqa/","smooth":"{|++zi'","smooth_l1_loss":"yga+"};
